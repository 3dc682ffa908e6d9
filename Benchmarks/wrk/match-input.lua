-- One input event of the new-match form, posted over and over: goals typed, no player ticked.
-- ../shared/bench/cpu-per-request PID http://127.0.0.1:8080/matches/new 8 -s Benchmarks/wrk/match-input.lua
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Sec-Fetch-Site"] = "same-origin"
wrk.headers["MVVMWeb-Input"] = "1"
wrk.body = "token=t&homeGoals=1&awayGoals=2"
