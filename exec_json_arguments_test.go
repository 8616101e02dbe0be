package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// tools/call's arguments given as one JSON object, as other clients take
// them, are sent exactly as typed: quoted as one argument of exec's, or
// unquoted in a quoted command line. They were refused, and an object of
// more than a few keys, or nested ones, had to be spelt out key by key.
func TestExecJSONArgumentsAreSentAsTyped(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	for _, tc := range []struct {
		name string
		args []string
		sent string
	}{
		{"one argument", []string{"tools/call", "echo", `{"text":"hi \u00e9", "extra":{"n":[1, 2.50]}}`}, `"arguments":{"text":"hi \u00e9", "extra":{"n":[1, 2.50]}},`},
		{"one command line", []string{`tools/call echo {"text": "two words"}`}, `"arguments":{"text": "two words"},`},
	} {
		before := len(srv.Requests())
		out, errOut, code := run(t, append([]string{"exec", "--no-get-stream", srv.Endpoint()}, tc.args...)...)
		if code != exitOK || strings.Contains(errOut, "missing required key") {
			t.Errorf("%s: exit %d, want %d and the required key found in the object\n%s\n%s", tc.name, code, exitOK, out, errOut)
		}
		var body string
		for _, r := range srv.Requests()[before:] {
			if r.RPCMethod == "tools/call" {
				body = string(r.Body)
			}
		}
		if !strings.Contains(body, tc.sent) {
			t.Errorf("%s: the server got %s, want the arguments exactly as typed: %s", tc.name, body, tc.sent)
		}
	}
}

// An object checked against the tool's schema warns as key:=json words
// would (a required key left out) and is sent anyway, as typed.
func TestExecJSONArgumentsAreChecked(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	_, errOut, _ := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/call", "echo", `{"txt":"hi"}`)
	for _, want := range []string{"warning: txt: unknown key", "warning: text: missing required key"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	sent := false
	for _, r := range srv.Requests() {
		sent = sent || r.RPCMethod == "tools/call" && strings.Contains(string(r.Body), `"arguments":{"txt":"hi"}`)
	}
	if !sent {
		t.Error("the object was not sent as typed")
	}
}

// Text after the tool name that starts as an object but is no JSON (the
// shell took its double quotes) is a usage error that says how to quote
// it; nothing is sent.
func TestExecJSONArgumentsNotJSON(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/call", "echo", `{text:hi}`)
	if code != exitUsage || !strings.Contains(out+errOut, "the arguments of tools/call echo are not one JSON object") || !strings.Contains(out+errOut, "in single quotes") {
		t.Errorf("exit %d, want %d and how to quote the object:\n%s\n%s", code, exitUsage, out, errOut)
	}
	// Where it stops being JSON and what JSON wanted there, not
	// encoding/json's "invalid character 't' looking for beginning of
	// object key string".
	if !strings.Contains(out+errOut, "(a key is not a string in double quotes at byte 1: {▶text:hi})") || strings.Contains(out+errOut, "invalid character") {
		t.Errorf("the error does not say where and why in a person's words:\n%s\n%s", out, errOut)
	}
	for _, r := range srv.Requests() {
		if r.RPCMethod == "tools/call" {
			t.Errorf("a tools/call was sent: %s", r.Body)
		}
	}
}

// JSON nested deeper than the session sends is refused when it is read, in
// one line that says it is too deep (not "invalid": it is JSON) by how much
// and what to do, in the same words whether it came as the arguments object
// or as a key:= value; nothing is sent. The object once passed the check
// and then failed to be sent with every byte of it quoted, and the key:=
// value was called invalid JSON.
func TestExecJSONArgumentsTooDeep(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, tc := range []struct{ form, arg, want string }{
		{"the arguments object", `{"text":"hi","x":` + deep + `}`,
			"the arguments of tools/call echo are nested too deep to send: 10002 levels, 4 past the 9998 the arguments object can hold"},
		{"a key:= value", "x:=" + deep,
			"x: nested too deep to send: 10001 levels, 4 past the 9997 a value inside the arguments object can hold"},
	} {
		out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/call", "echo", tc.arg)
		both := out + errOut
		if code != exitUsage || !strings.Contains(both, tc.want) || !strings.Contains(both, "a whole message may nest at most 10000 levels, the limit of encoding/json") ||
			!strings.Contains(both, "; nest it at most") || strings.Contains(both, "invalid") || len(both) > 4000 {
			t.Errorf("%s: exit %d, want %d and %q, said briefly; the start:\n%.600s\n%.600s", tc.form, code, exitUsage, tc.want, out, errOut)
		}
	}
	for _, r := range srv.Requests() {
		if r.RPCMethod == "tools/call" {
			t.Errorf("a tools/call was sent: %.200s", r.Body)
		}
	}
}
