print("mvvmweb: not built yet")
