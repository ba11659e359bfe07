# ECS module: the Fargate cluster, task definitions and services.
resource "aws_ecs_cluster" "main" {}
