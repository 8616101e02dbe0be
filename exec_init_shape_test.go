package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize result that is no object, or whose capabilities are not
// objects, is warned of once, before what could be read of it: it used to
// be shown as if nothing were wrong ("server (no serverInfo)", "tools").
func TestExecWarnsOfAnInitializeResultOfTheWrongShape(t *testing.T) {
	for _, tc := range []struct{ result, want string }{
		{`null`, "warning: the initialize result is null, not an object: it names no protocol version, capabilities or serverInfo\n"},
		{`[1,2]`, "warning: the initialize result is an array ([1,2]), not an object: it names no protocol version, capabilities or serverInfo\n"},
		{`{"protocolVersion":"2025-11-25","capabilities":{"tools":5,"logging":{}},"serverInfo":{"name":"odd","version":"1"}}`,
			"warning: in the initialize result's capabilities, tools is an integer (5), not an object: a capability is an object of its options\n"},
		{`{"protocolVersion":"2025-11-25","capabilities":"all","serverInfo":{"name":"odd","version":"1"}}`,
			`warning: the initialize result's capabilities is a string ("all"), not an object: it does not say what the server offers` + "\n"},
		{`{"protocolVersion":20251125,"capabilities":{},"serverInfo":{"name":"odd","version":"1"}}`,
			`warning: the initialize result's protocolVersion is an integer (20251125), not a string: it names no version (the protocol's are strings, "2025-06-18")` + "\n"},
		{`{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":"odd"}`,
			`warning: the initialize result's serverInfo is a string ("odd"), not an object: it does not name the server` + "\n"},
		// Options the protocol makes true or false, written otherwise:
		// clients differ on whether they are on.
		{`{"protocolVersion":"2025-11-25","capabilities":{"resources":{"subscribe":"yes","listChanged":true},"tools":{"listChanged":1}},"serverInfo":{"name":"odd","version":"1"}}`,
			`warning: in the initialize result's capabilities, resources.subscribe is a string ("yes"), tools.listChanged is an integer (1), not true or false: clients differ on whether that option is on` + "\n"},
	} {
		srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + tc.result + `}`)
		})
		out, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "ping")
		if strings.Count(out, tc.want) != 1 {
			t.Errorf("%s: want the warning %q once:\n%s\n%s", tc.result, tc.want, out, errOut)
		}
	}
}

// A server's name of a megabyte is cut on exec's server line, as the
// Negotiation pane cuts it, and says how long it was: it was printed whole.
func TestExecCutsAServerNameOfAMegabyte(t *testing.T) {
	name := strings.Repeat("N", 1<<20)
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"` + name + `","version":"1"}}}`)
	})
	out, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "ping")
	line, _, _ := strings.Cut(out[strings.Index(out, "server N"):], "\n")
	if len(line) > 400 || !strings.Contains(line, "1048576") {
		t.Errorf("the server line is %d bytes, want it cut and saying the name's length:\n%.300s\n%s", len(line), line, errOut)
	}
}

// server/discover opens the 2026 era as initialize opens the others: its
// capabilities of the wrong shape are warned of in the same words, where
// exec printed "capabilities: (none)" as if the server had declared none.
func TestExecWarnsOfADiscoverResultOfTheWrongShape(t *testing.T) {
	for _, tc := range []struct{ caps, want string }{
		{`"all"`, `warning: the server/discover result's capabilities is a string ("all"), not an object: it does not say what the server offers` + "\n"},
		{`{"tools":5,"logging":{}}`, "warning: in the server/discover result's capabilities, tools is an integer (5), not an object: a capability is an object of its options\n"},
	} {
		srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":["2026-07-28"],"capabilities":` + tc.caps +
				`,"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"odd","version":"1"}}}}`)
		})
		out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
		if code != exitOK || strings.Count(out, tc.want) != 1 || !strings.Contains(out, "server odd 1, protocol 2026-07-28") {
			t.Errorf("capabilities %s: exit %d, want the server named and the warning %q once:\n%s\n%s", tc.caps, code, tc.want, out, errOut)
		}
	}
}

// A negative ttlMs is said to be no time to keep a result, not shown as
// if it were one.
func TestExecSaysANegativeTTLIsNone(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"tools":[],"ttlMs":-5}}`)
	})
	out, errOut, _ := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if !strings.Contains(out, "ttlMs -5 (negative: no time a result can be kept)") {
		t.Errorf("want the negative ttlMs said to be none:\n%s\n%s", out, errOut)
	}
}

// A capability's name holding an escape sequence, whole or cut open by
// the name's cut, costs only itself: the warning after it is still said,
// where the sequence, sanitized with the whole line, ran on over the rest
// of it ("in the initialize result's capabilities, x").
func TestExecCapabilityShapeSaysAllPastAnEscapeInAName(t *testing.T) {
	long := strings.Repeat("a", 60) + `\u001b]0;` + strings.Repeat("b", 40)
	for _, tc := range []struct{ caps, want string }{
		{`{"x\u001b]8;;":5}`, "warning: in the initialize result's capabilities, x is an integer (5), not an object: a capability is an object of its options\n"},
		{`{"` + long + `":5}`, "warning: in the initialize result's capabilities, " + strings.Repeat("a", 60) + "… (104 bytes) is an integer (5), not an object: a capability is an object of its options\n"},
		{`{"t\u001b]0;":{"listChanged":"yes"}}`, `warning: in the initialize result's capabilities, t.listChanged is a string ("yes"), not true or false: clients differ on whether that option is on` + "\n"},
	} {
		srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":` + tc.caps + `,"serverInfo":{"name":"odd","version":"1"}}}`)
		})
		out, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "ping")
		if strings.Count(out, tc.want) != 1 {
			t.Errorf("%s: want the warning %q once:\n%s\n%s", tc.caps, tc.want, out, errOut)
		}
	}
}

// exec's capabilities line names every capability when one's name holds
// an escape sequence, where the sequence ran on over the names after it
// ("capabilities: x"), and cuts a name of a kilobyte.
func TestExecCapabilitiesLineNamesAllPastAnEscape(t *testing.T) {
	long := strings.Repeat("z", 1000)
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":{"x\u001b]0;":{},"y":{},"` + long + `":{}},"serverInfo":{"name":"odd","version":"1"}}}`)
	})
	out, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", srv.Endpoint(), "ping")
	if want := "capabilities: x, y, " + strings.Repeat("z", 64) + "… (1000 bytes)\n"; !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s\n%s", want, out, errOut)
	}
}
