package mcptest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// PostOnly serves handle on 127.0.0.1 as a small hand-written streamable
// server does, for answers the scripted fakes would not give: anything but
// a POST is refused with 405, and each POST is handed to handle with its
// body read as msg and the id of the message as written (RawID). It
// returns the server's /mcp URL and stops in t.Cleanup.
func PostOnly(t testing.TB, handle func(w http.ResponseWriter, r *http.Request, msg, id string)) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		msg := string(body)
		handle(w, r, msg, RawID(msg))
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

// RawID is the "id" member of a JSON-RPC message as the client wrote it
// ("" when there is none, or msg is no JSON object), for a hand-written
// answer to echo. It is read as the fakes read every message (members),
// so an "id" nested in params or a string is never taken for it.
func RawID(msg string) string {
	return string(members([]byte(msg))["id"])
}
