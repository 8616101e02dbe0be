package history

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// deepJSON is an array nested n levels: past 10,000, encoding/json refuses
// the whole text it sits in.
func deepJSON(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

// asDecoded is s with each byte that is not UTF-8 read as U+FFFD, as
// encoding/json decodes it: the one JSON scanner keeps such bytes as sent
// (the sanitizer shows them as U+FFFD).
func asDecoded(s string) string { return string([]rune(s)) }

// FuzzNegotiationReads: whatever a server puts in its capabilities (a
// value nested past any depth, megabytes of it) and a client in its
// arguments, the Negotiation pane still names the server, its protocol
// version and instructions, and the client, as the answers and requests
// say them: one member a server is free to fill must not hide the others.
func FuzzNegotiationReads(f *testing.F) {
	for _, s := range []struct{ value, instructions string }{
		{`{}`, `"Be nice."`},
		{`{"tools":{"listChanged":true},"x":[1,"a",null]}`, `"\u001b[2J\u202e"`},
		{deepJSON(10001), `"deep"`},
		{`{"a":` + deepJSON(20000) + `}`, `""`},
		{`"` + strings.Repeat(`\"`, 5000) + `"`, `"\ud800"`},
		{`1e400`, `"x"`},
	} {
		f.Add(s.value, s.instructions)
	}
	f.Fuzz(func(t *testing.T, value, instructions string) {
		if _, err := jsonspan.Parse([]byte(value), jsonspan.Limits{Depth: 1}); err != nil {
			return
		}
		var wantInstr string
		if json.Unmarshal([]byte(instructions), &wantInstr) != nil {
			return
		}
		s := newScript()
		s.negotiate()
		init := s.request("1", "initialize", `{"protocolVersion":"2025-06-18","capabilities":`+value+`,"clientInfo":{"name":"fuzz-client","version":"1"}}`)
		s.result("1", init, `{"protocolVersion":"2025-06-18","capabilities":`+value+`,"serverInfo":{"name":"fuzz-server","version":"2"},"instructions":`+instructions+`}`)
		l := s.log()
		n := l.Negotiation()
		if n.ServerName != "fuzz-server" || n.ServerVersion != "2" || n.ProtocolVersion != "2025-06-18" || asDecoded(n.Instructions) != wantInstr {
			t.Fatalf("initialize with capabilities %.200s: server %q %q, protocol %q, instructions %.100q; want fuzz-server 2, 2025-06-18, %.100q",
				value, n.ServerName, n.ServerVersion, n.ProtocolVersion, n.Instructions, wantInstr)
		}
		if n.ClientName != "fuzz-client" || n.ClientVersion != "1" {
			t.Fatalf("initialize with capabilities %.200s: client %q %q, want fuzz-client 1", value, n.ClientName, n.ClientVersion)
		}

		s = newScript()
		disc := s.request("1", "server/discover", `{"_meta":{"`+mcp.MetaProtocolVersion+`":"2026-07-28","`+mcp.MetaClientInfo+`":{"name":"fuzz-client","version":"1"}},"arguments":`+value+`}`)
		s.result("1", disc, `{"supportedVersions":["2026-07-28"],"capabilities":`+value+`,"instructions":`+instructions+`,"_meta":{"`+mcp.MetaServerInfo+`":{"name":"fuzz-server","version":"2"}}}`)
		l = NewLog()
		l.Append(s.recs...)
		n = l.Negotiation()
		if n.ServerName != "fuzz-server" || n.ServerVersion != "2" || n.ProtocolVersion != "2026-07-28" || asDecoded(n.Instructions) != wantInstr ||
			len(n.SupportedVersions) != 1 || n.SupportedVersions[0] != "2026-07-28" {
			t.Fatalf("server/discover with capabilities %.200s: server %q %q, protocol %q, supported %q, instructions %.100q; want fuzz-server 2, 2026-07-28, %.100q",
				value, n.ServerName, n.ServerVersion, n.ProtocolVersion, n.SupportedVersions, n.Instructions, wantInstr)
		}
		if n.ClientName != "fuzz-client" || n.ClientVersion != "1" {
			t.Fatalf("server/discover with arguments %.200s: client %q %q, want fuzz-client 1", value, n.ClientName, n.ClientVersion)
		}
	})
}
