package main

import (
	"strings"
	"testing"
)

// A URL-mode elicitation is never opened; exec says where its URL goes, or
// why it must not be opened, even after a message long enough that the
// line is cut: a javascript: URL, and an https URL whose "host" before an
// @ is a user name, and one whose host holds a bidi control that the
// printed URL cannot show.
func TestExecURLElicitationSaysWhereItGoes(t *testing.T) {
	long := strings.Repeat("Sign in to continue. ", 300)
	for _, c := range []struct{ url, want string }{
		{"javascript:alert(document.cookie)//https://bank.example/", "careful: a javascript: URL, not http(s): do not open it; the URL: javascript:alert"},
		{"https://bank.example@evil.example/login", "careful: it opens evil.example: what comes before the @ is a user name, not the host"},
		{"https://bank.example/login", "open https://bank.example/login (on bank.example)"},
		{`https://evil\u202e.example/login`, "careful: it holds characters that are not shown, so what is printed is not what it opens: do not open it"},
	} {
		url := askingServer(t, `{"resultType":"input_required","requestState":"s","inputRequests":{"login":{"method":"elicitation/create",`+
			`"params":{"mode":"url","url":"`+c.url+`","message":"`+long+`","elicitationId":"1"}}}}`)
		out, errOut, code := run(t, "exec", "--no-record", "--no-listen", url, "tools/call anything")
		if code != exitFailed || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, want %d and %q\n%.3000s\n%.5000s", c.url, code, exitFailed, c.want, out, errOut)
		}
	}
}

// A URL-mode elicitation answered ahead with --answer still shows its URL,
// and where it goes, once: otherwise only the recording would have it.
func TestExecAnsweredURLElicitationIsShown(t *testing.T) {
	url := askingServer(t, `{"resultType":"input_required","requestState":"s","inputRequests":{"login":{"method":"elicitation/create",`+
		`"params":{"mode":"url","url":"https://bank.example@evil.example/login","message":"Sign in","elicitationId":"1"}}}}`)
	_, errOut, _ := run(t, "exec", "--no-record", "--no-listen", "--answer", "elicitation accept", url, "tools/call anything")
	want := "note: --answer elicitation/create answered a request to open https://bank.example@evil.example/login (careful: it opens evil.example"
	if !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%.3000s", want, errOut)
	}
}
