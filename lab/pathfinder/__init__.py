"""pathfinder: fuzzy file-path resolution with lexical scoring and MaxSim reranking.

pathfinder knows nothing of response vocabularies: it returns a typed `Resolution`.
"""

from lab.pathfinder.index import TEXT_FIELDS, Chunk, FileEntry, Index, build_index
from lab.pathfinder.resolution import Candidate, Resolution

__all__ = ["TEXT_FIELDS", "Candidate", "Chunk", "FileEntry", "Index", "Resolution", "build_index"]
