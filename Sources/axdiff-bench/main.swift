print("axdiff-bench: not written yet")
