package mcp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// longMethod is a 180-byte method: longer than NameLimit, shorter than
// the 200 bytes some lines cut at by hand, so a line cutting it at a limit
// of its own shows it whole.
var longMethod = "x/" + strings.Repeat("m", 178)

// longMethodShown is longMethod as every line shows it.
var longMethodShown = longMethod[:NameLimit] + "… (180 bytes)"

// Our answer refusing a server request of a method mcpscope does not know
// quotes the method cut as every line cuts a name: a 180-byte one went
// whole.
func TestRefusalCutsALongMethodAtNameLimit(t *testing.T) {
	srv, s, _ := dial(t, mcptest.Options{}, Config{})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := conn.Message(`{"jsonrpc":"2.0","id":"u1","method":"` + longMethod + `"}`); err != nil {
		t.Fatal(err)
	}
	want := []byte(`"message":"mcpscope does not implement ` + longMethodShown + `"`)
	if _, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Contains(p.Body, want) }); err != nil {
		t.Errorf("the refusal does not say %s: %v", want, err)
	}
}

// A server's withdrawal of its question names the question's method cut
// as every line cuts a name.
func TestServerCancelledCutsALongMethodAtNameLimit(t *testing.T) {
	got := (&ServerCancelled{Method: longMethod, Reason: "gave up"}).Error()
	if want := "the server cancelled its " + longMethodShown + " (notifications/cancelled): gave up"; got != want {
		t.Errorf("the withdrawal says %q, want %q", got, want)
	}
}

// A round's error names each kind of input not given by its method cut as
// every line cuts a name.
func TestInputRequiredErrorCutsALongMethodAtNameLimit(t *testing.T) {
	got := (&InputRequiredError{Method: "tools/call", Missing: []InputRequest{{Method: longMethod}}}).Error()
	if want := "tools/call needs input that was not given: " + longMethodShown; got != want {
		t.Errorf("the round's error says %q, want %q", got, want)
	}
}

// Tools a call cannot tell apart are named cut at NameLimit, in quotes
// that show the name, the size after them.
func TestNameProblemCutsALongToolNameAtNameLimit(t *testing.T) {
	got := NameProblem(longMethod, 2)
	if want := `tools/call cannot tell apart the 2 tools named "` + longMethod[:NameLimit] + `"… (180 bytes)`; got != want {
		t.Errorf("the tools' problem says %q, want %q", got, want)
	}
	if got, want := NameProblem("a b", 2), `tools/call cannot tell apart the 2 tools named "a b"`; got != want {
		t.Errorf("a short name's problem says %q, want %q", got, want)
	}
}

// A refusal of ours reads as its reason alone, whether this build wrote it
// or an older one, which quoted a method of up to 200 bytes whole and a
// longer one cut at 200: the recording of an older build keeps its words.
func TestRefusalReasonReadsOlderBuildsRecordings(t *testing.T) {
	long := "x/" + strings.Repeat("m", 248)
	for _, c := range []struct{ method, message string }{
		{longMethod, "mcpscope could not answer " + longMethodShown + ": nobody answered"},
		{longMethod, "mcpscope could not answer " + longMethod + ": nobody answered"},
		{long, "mcpscope could not answer " + long[:200] + "… (250 bytes): nobody answered"},
		{"roots/list", "mcpscope could not answer roots/list: nobody answered"},
	} {
		if got := RefusalReason(c.method, c.message); got != "nobody answered" {
			t.Errorf("the reason of %q reads %q, want %q", c.message, got, "nobody answered")
		}
	}
	if got, msg := RefusalReason(longMethod, "the user said no"), "the user said no"; got != msg {
		t.Errorf("a message another wrote reads %q, want it whole", got)
	}
}
