package mcp

import "testing"

// Who a client says it is, as the proxy names its session: a stateless
// request's _meta clientInfo over its params' (an initialize's), each an
// object of string members (absent or null read as ""), anything else
// naming no one; and the protocol version its _meta names.
func TestPeekClientNamesTheClient(t *testing.T) {
	meta := func(info, version string) string {
		return `"_meta":{"io.modelcontextprotocol/clientInfo":` + info + `,"io.modelcontextprotocol/protocolVersion":` + version + `}`
	}
	for _, c := range []struct {
		params                  string
		name, version, protocol string
		named                   bool
	}{
		{`{"clientInfo":{"name":"cli","version":"1"}}`, "cli", "1", "", true},
		{`{"clientInfo":{"name":"cli"}}`, "cli", "", "", true},
		{`{"clientInfo":{"name":"cli","version":null}}`, "cli", "", "", true},
		{`{"clientInfo":{"Name":"x","version":"1"}}`, "", "1", "", true},
		{`{"clientInfo":{"name":5,"version":"1"}}`, "", "", "", false},
		{`{"clientInfo":null}`, "", "", "", false},
		{`{"clientInfo":"cli"}`, "", "", "", false},
		{`{` + meta(`{"name":"agent","version":"2"}`, `"2026-07-28"`) + `}`, "agent", "2", "2026-07-28", true},
		{`{"clientInfo":{"name":"cli","version":"1"},` + meta(`{"name":"agent","version":"2"}`, `"2026-07-28"`) + `}`, "agent", "2", "2026-07-28", true},
		{`{"clientInfo":{"name":"cli","version":"1"},` + meta(`null`, `5`) + `}`, "cli", "1", "", true},
		{`{"clientInfo":{"name":"cli","version":"1"},` + meta(`{"name":[]}`, `"2026-07-28"`) + `}`, "cli", "1", "2026-07-28", true},
		{`{"_meta":{"io.modelcontextprotocol/clientInfo":{"name":"a"},"io.modelcontextprotocol/clientInfo":{"name":"b"}}}`, "b", "", "", true},
		{`[]`, "", "", "", false},
	} {
		pk := PeekClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":` + c.params + `}`))
		name, version, named := pk.ClientInfo()
		if name != c.name || version != c.version || named != c.named || pk.Protocol() != c.protocol {
			t.Errorf("PeekClient of params %s: ClientInfo() = %q, %q, %v, Protocol() = %q; want %q, %q, %v, %q",
				c.params, name, version, named, pk.Protocol(), c.name, c.version, c.named, c.protocol)
		}
	}
}
