-- One input event of the player form, posted over and over: the name typed so far.
-- ../shared/bench/cpu-per-request PID http://127.0.0.1:8080/players/new 8 -s Benchmarks/wrk/player-input.lua
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Sec-Fetch-Site"] = "same-origin"
wrk.headers["MVVMWeb-Input"] = "1"
wrk.body = "name=Alic"
