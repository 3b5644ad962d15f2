"""The hand-history audit: strict replay of PHH/PHHS hands, one class per hand (see findings),
streamed from files, folders and globs (reading, run), locally or on a Dask cluster (cluster)."""

from floorman.audit.findings import CLASSES, Finding, HandAudit, audit_hand
from floorman.audit.run import Tally, audit_files, audit_inputs, audit_piece, audit_pieces, exit_status, summary

__all__ = ["CLASSES", "Finding", "HandAudit", "Tally", "audit_hand", "audit_files", "audit_inputs", "audit_piece",
           "audit_pieces", "exit_status", "summary"]
