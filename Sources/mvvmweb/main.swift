import WebApp

// `mvvmweb` serves the demo on http://127.0.0.1:8080 (`mvvmweb --help` lists every command).
Demo.main()
