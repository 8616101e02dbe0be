package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer JSON readers may read two ways (a member named twice, result
// and error both, our id 7 written 7.0) says so beside what mcpscope made
// of it, so the reading shown is not taken for the only one.
func TestExecSaysWhenAnAnswerReadsTwoWays(t *testing.T) {
	for _, tc := range []struct {
		name, idTail, answer, want string
		code                       int
	}{
		{"result twice", "", `"result":{"tools":[]},"result":{"tools":[{"name":"evil","inputSchema":{"type":"object"}}]}`,
			`⚠ the message has 2 "result" members: readers differ on which counts, and mcpscope took the last`, exitOK},
		{"isError twice", "", `"result":{"content":[],"isError":true,"isError":false}`,
			`⚠ its result has 2 "isError" members`, exitOK},
		{"result and error", "", `"result":{"tools":[]},"error":{"code":-32603,"message":"broken"}`,
			`⚠ it has both "result" and "error", which JSON-RPC forbids: mcpscope read it as the error`, exitFailed},
		{"id with a fraction", ".0", `"result":{"tools":[]}`,
			`written another way: readers differ (the TypeScript and Go SDKs take it as`, exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
				x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + tc.idTail + `,` + tc.answer + `}`)
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Errorf("exit %d, want %d and %q\n%s\n%s", code, tc.code, tc.want, out, errOut)
			}
		})
	}
	// A clean answer, and JSON-RPC 1.0's "error": null beside a result,
	// read one way only.
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[]},"error":null}`)
	})
	if out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list"); code != exitOK || strings.Contains(out+errOut, "⚠") {
		t.Errorf("exit %d, want a clean answer without a warning\n%s\n%s", code, out, errOut)
	}
}

// An initialize answered with both a result and an error fails exec, and
// its words say the result was there too and that mcpscope took the
// error, where "JSON-RPC error -32600: nope" alone hid the result.
func TestExecSaysAnInitializeAnsweredBothWays(t *testing.T) {
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Status(200, "application/json", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"both","version":"1"}},"error":{"code":-32600,"message":"nope"}}`)
	})
	_, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--transport", "streamable", srv.URL, "tools/list")
	want := `JSON-RPC error -32600: nope (the answer: it has both "result" and "error", which JSON-RPC forbids: mcpscope read it as the error)`
	if code == exitOK || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, want a failure saying %q:\n%s", code, want, errOut)
	}
}

// A server that settles on a protocol version mcpscope never offered and
// does not know is said to have, in exec and in the Negotiation pane's
// words (one note for both), since what follows is spoken in ours.
func TestExecSaysAnUnknownProtocolVersion(t *testing.T) {
	out, errOut, code := run(t, "exec", "--no-record", settlingOn(t, "1999-01-01", "old"), "tools/list")
	if want := "protocol 1999-01-01 (" + mcp.VersionNote("1999-01-01", mcp.TransportSSE) + ")"; code != exitOK || !strings.Contains(out, want) || !strings.Contains(want, "not a version mcpscope knows") {
		t.Errorf("exit %d, want %q\n%s\n%s", code, want, out, errOut)
	}
	if out, _, _ := run(t, "exec", "--no-record", mcptest.New(t, mcptest.Options{}).SSEURL(), "tools/list"); strings.Contains(out, "not a version mcpscope knows") {
		t.Errorf("a known version is marked unknown:\n%s", out)
	}
}

// An answer sent in an SSE event named other than message is not read, as
// clients do not read it; the request's timeout names the event it came
// in and says the server must name it message.
func TestExecNamesAnAnswerInAMisnamedEvent(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "tools/list" {
			_ = c.Session.WriteRaw("event: response\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + string(c.ID) + ",\"result\":{\"tools\":[]}}\n\n")
			return
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--timeout", "300ms", srv.SSEURL(), "tools/list")
	for _, want := range []string{
		`an answer with its id came in an SSE event named "response", which clients do not read: only message events carry messages`,
		"hint: the server sends its answers under the wrong SSE event name",
	} {
		if code != exitFailed || !strings.Contains(out+errOut, want) {
			t.Errorf("exit %d, want %d and %q\n%s\n%s", code, exitFailed, want, out, errOut)
		}
	}
}
