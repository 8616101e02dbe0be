package advice

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

func TestForRPC(t *testing.T) {
	tests := []struct {
		err       mcp.RPCError
		transport string
		a         Audience
		want      string
	}{
		{mcp.RPCError{Code: mcp.CodeUnsupportedVersion, Data: json.RawMessage(`{"supported":["2026-07-28","2025-11-25"]}`)}, mcp.TransportStateless, CLI,
			"pass --protocol VERSION with one the server supports: 2026-07-28, 2025-11-25"},
		{mcp.RPCError{Code: mcp.CodeUnsupportedVersion}, mcp.TransportStateless, TUI,
			"start mcpscope again with --protocol VERSION with one the server supports: the error's data names none; try 2026-07-28"},
		{mcp.RPCError{Code: mcp.CodeMissingCapability}, mcp.TransportStateless, CLI, "answers them with --answer given ahead"},
		{mcp.RPCError{Code: mcp.CodeMissingCapability}, mcp.TransportStateless, TUI, "answers them at the prompt"},
		{mcp.RPCError{Code: mcp.CodeHeaderMismatch}, mcp.TransportStateless, CLI, "no -H header overrides an Mcp-* header and that no proxy in between rewrites them"},
		{mcp.RPCError{Code: mcp.CodeMethodNotFound}, mcp.TransportStateless, CLI, "initialize, ping and logging/setLevel are gone in 2026-07-28"},
		{mcp.RPCError{Code: mcp.CodeMethodNotFound}, mcp.TransportStreamable, CLI, "the server does not offer this method: the capabilities in initialize's answer"},
		{mcp.RPCError{Code: mcp.CodeInvalidParams}, mcp.TransportSSE, CLI, "the server refused the params"},
		{mcp.RPCError{Code: -32042}, mcp.TransportStreamable, CLI, "open it, then run the command again"},
		{mcp.RPCError{Code: -32603}, mcp.TransportSSE, CLI, ""},
	}
	for _, tt := range tests {
		got := ForRPC(&tt.err, Asked{Transport: tt.transport}, tt.a)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("ForRPC(%d, %s, %d) = %q, want it to contain %q", tt.err.Code, tt.transport, tt.a, got, tt.want)
		}
	}
	if got := ForRPC(nil, Asked{}, CLI); got != "" {
		t.Errorf("ForRPC(nil) = %q", got)
	}
	// Wire failures keep their own advice: a JSON-RPC code never matches
	// a row of causes, nor a cause a row of codes.
	if got := For(Fact{Cause: mcp.CauseStatus, Status: 401}, CLI); !strings.Contains(got, "--bearer") {
		t.Errorf("401 advice = %q", got)
	}
}

// An unreachable server gets "it answered before" only when it did.
func TestForUnreachable(t *testing.T) {
	first := For(Fact{Cause: mcp.CauseUnreachable, Purpose: mcp.PurposePost, Transport: mcp.TransportStreamable, Addr: "127.0.0.1:9349"}, CLI)
	if !strings.HasPrefix(first, "nothing answered at 127.0.0.1:9349: is the server started, and is the URL right?") {
		t.Errorf("first contact: %q", first)
	}
	later := For(Fact{Cause: mcp.CauseUnreachable, Purpose: mcp.PurposePost, Answered: true, Addr: "127.0.0.1:9349"}, CLI)
	if later != "is the server still running? (it answered before)" {
		t.Errorf("after an answer: %q", later)
	}
	if old := For(Fact{Cause: mcp.CauseUnreachable, Purpose: mcp.PurposeStream}, TUI); !strings.HasPrefix(old, "nothing answered at the URL's host and port:") {
		t.Errorf("no address known: %q", old)
	}
}

// A 5xx that stopped detection on server/discover names the way past it
// in each audience's words; the same status elsewhere does not.
func TestForFailedDiscoverProbe(t *testing.T) {
	f := Fact{Cause: mcp.CauseStatus, Status: 500, Probe: mcp.TransportStateless}
	if got := For(f, TUI); !strings.Contains(got, "start mcpscope again with --transport streamable") {
		t.Errorf("TUI advice = %q", got)
	}
	if got := For(f, CLI); !strings.Contains(got, "pass --transport streamable") {
		t.Errorf("CLI advice = %q", got)
	}
	for _, other := range []Fact{{Cause: mcp.CauseStatus, Status: 500, Probe: mcp.TransportStreamable}, {Cause: mcp.CauseStatus, Status: 500},
		{Cause: mcp.CauseStatus, Status: 401, Probe: mcp.TransportStateless}} {
		if got := For(other, CLI); strings.Contains(got, "--transport streamable") {
			t.Errorf("For(%+v) = %q names --transport", other, got)
		}
	}
}

// A connection taken and then dropped is not "nothing answered": the
// advice asks about the port and scheme, or, after earlier answers,
// whether the server crashed.
func TestForDropped(t *testing.T) {
	first := For(Fact{Cause: mcp.CauseDropped, Addr: "127.0.0.1:9349"}, TUI)
	if !strings.HasPrefix(first, "something at 127.0.0.1:9349 took the connection but closed it") || strings.Contains(first, "is the server started") {
		t.Errorf("first contact: %q", first)
	}
	later := For(Fact{Cause: mcp.CauseDropped, Answered: true}, TUI)
	if !strings.Contains(later, "it answered before") || !strings.Contains(later, "press r to reconnect") {
		t.Errorf("after an answer: %q", later)
	}
}

// For runs for every failure a view draws, each frame: it fills a fact's
// words in one pass without building a replacer per call (18 allocations
// a call did), and a value holding a placeholder is kept as sent.
func TestForFillsOnceWithoutReplacerPerCall(t *testing.T) {
	f := Fact{Code: mcp.CodeMethodNotFound, Undeclared: "{method}", Method: "tools/{addr}"}
	if got, want := For(f, TUI), "the server did not declare {method} in its capabilities: it does not offer tools/{addr}"; got != want {
		t.Errorf("For = %q, want %q", got, want)
	}
	failed := Fact{Cause: mcp.CauseStatus, Status: 500}
	if n := testing.AllocsPerRun(100, func() { For(failed, TUI) }); n > 6 {
		t.Errorf("For allocates %v times a call, want a few at most", n)
	}
}

// A JSON-RPC error with the code of a user's refusal (-1) is said to be a
// declined question passed on only when one was declined while the
// request ran: a server's own -1 is not.
func TestForRPCDeclined(t *testing.T) {
	e := &mcp.RPCError{Code: mcp.CodeUserRejected, Message: `multi-round-trip: fulfilling input request "answer"`}
	got := ForRPC(e, Asked{Method: "tools/call", Declined: "sampling/createMessage"}, CLI)
	if !strings.Contains(got, "its question (sampling/createMessage) was declined") || !strings.Contains(got, "with --answer given ahead") {
		t.Errorf("advice for a call failed for a decline = %q", got)
	}
	if got := ForRPC(e, Asked{Method: "tools/call"}, CLI); strings.Contains(got, "declined") {
		t.Errorf("advice for a -1 with nothing declined = %q", got)
	}
	// A server's megabyte method is cut as every line cuts a method.
	long := strings.Repeat("m", 1000)
	if got := ForRPC(e, Asked{Method: "tools/call", Declined: long}, CLI); !strings.Contains(got, "its question ("+mcp.NameShown(long)+") was declined") {
		t.Errorf("advice for a decline of a long method = %q", got)
	}
}

// A 2026 session whose server/discover answer is known sends a version
// the server listed: a -32022 later contradicts that answer, and pinning
// a version, the advice for one unknown, cannot help.
func TestForRPCVersionRefusedAfterDiscover(t *testing.T) {
	e := &mcp.RPCError{Code: mcp.CodeUnsupportedVersion, Data: json.RawMessage(`{"supported":["2027-01-01"]}`)}
	q := Asked{Method: "tools/call", Transport: mcp.TransportStateless, Capabilities: json.RawMessage(`{}`)}
	for _, a := range []Audience{CLI, TUI, Reader} {
		if got := ForRPC(e, q, a); !strings.Contains(got, "now naming 2027-01-01: it contradicts its server/discover answer") || strings.Contains(got, "--protocol VERSION") {
			t.Errorf("audience %d: %q, want the contradiction said", a, got)
		}
	}
	if got := ForRPC(e, q, Watcher); !strings.Contains(got, "--protocol VERSION") && !strings.Contains(got, "one the server supports: 2027-01-01") {
		t.Errorf("watcher: %q, want the client's version refused as before", got)
	}
}
