print("axdiff")
