// `hello` serves the hello page on http://127.0.0.1:8080 (`hello --help` lists every flag).
Hello.main()
