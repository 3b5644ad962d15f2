"""The hand-history audit: strict replay of PHH/PHHS hands, one class per hand (see findings)."""

from floorman.audit.findings import CLASSES, Finding, HandAudit, audit_hand
from floorman.audit.run import audit_files, summary

__all__ = ["CLASSES", "Finding", "HandAudit", "audit_hand", "audit_files", "summary"]
