"""einsum ops."""
