package main

import (
	"strings"
	"testing"
)

// A URL-mode elicitation is never opened; exec says where its URL goes, or
// why it must not be opened, even after a message long enough that the
// line is cut: a javascript: URL, and an https URL whose "host" before an
// @ is a user name.
func TestExecURLElicitationSaysWhereItGoes(t *testing.T) {
	long := strings.Repeat("Sign in to continue. ", 300)
	for _, c := range []struct{ url, want string }{
		{"javascript:alert(document.cookie)//https://bank.example/", "careful: a javascript: URL, not http(s): do not open it; the URL: javascript:alert"},
		{"https://bank.example@evil.example/login", "careful: it opens evil.example: what comes before the @ is a user name, not the host"},
		{"https://bank.example/login", "open https://bank.example/login (on bank.example)"},
	} {
		url := askingServer(t, `{"resultType":"input_required","requestState":"s","inputRequests":{"login":{"method":"elicitation/create",`+
			`"params":{"mode":"url","url":"`+c.url+`","message":"`+long+`","elicitationId":"1"}}}}`)
		out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
		if code != exitFailed || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, want %d and %q\n%.3000s\n%.5000s", c.url, code, exitFailed, c.want, out, errOut)
		}
	}
}
