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
