// Test helpers. (Placeholder until the HTTP server lands.)
