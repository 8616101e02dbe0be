package mcptest

import (
	"encoding/json"
	"strings"
)

// RawToolsList returns a Handle that answers tools/list in one page: the
// server's tools, their schemas written byte for byte (encoding/json would
// refuse one nested past 10,000 levels), followed by extra, raw entries of
// the tools array that no well-behaved server sends, such as {"name":42}.
// Every other message is answered by Default.
func RawToolsList(extra ...string) func(*Call) {
	return func(c *Call) {
		if c.Kind != KindRequest || c.Method != "tools/list" {
			c.Default()
			return
		}
		var b strings.Builder
		tools := c.Server.Tools()
		b.WriteString(`{"tools":[`)
		for i, t := range tools {
			if i > 0 {
				b.WriteByte(',')
			}
			name, _ := json.Marshal(t.Name)        // a string always marshals
			desc, _ := json.Marshal(t.Description) // so does this one
			b.WriteString(`{"name":` + string(name) + `,"description":` + string(desc))
			if len(t.InputSchema) > 0 {
				b.WriteString(`,"inputSchema":` + string(t.InputSchema))
			}
			b.WriteByte('}')
		}
		for i, e := range extra {
			if i > 0 || len(tools) > 0 {
				b.WriteByte(',')
			}
			b.WriteString(e)
		}
		b.WriteString(`]}`)
		c.Reply(c.response("result", b.String()))
	}
}

// RawToolPages returns a Handle that answers tools/list with the result
// pages holds for the request's cursor ("" for the first page), written
// exactly: pages of entries no well-behaved server sends, chained by the
// nextCursor each page names. Every other message is answered by Default.
func RawToolPages(pages map[string]string) func(*Call) {
	return func(c *Call) {
		if c.Kind != KindRequest || c.Method != "tools/list" {
			c.Default()
			return
		}
		var p struct{ Cursor string }
		_ = json.Unmarshal(c.Params, &p) // no params is the first page
		c.Reply(`{"jsonrpc":"2.0","id":` + string(c.ID) + `,"result":` + pages[p.Cursor] + `}`)
	}
}
