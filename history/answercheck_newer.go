package history

import (
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// newerMember is one thing a version of the protocol brought that a
// server may send a session which negotiated an earlier one, as
// server-everything does whatever version it agreed to.
type newerMember struct {
	// in is where it is: "result" (a member of a result), "content" (the
	// type of a content block of a result's content or of a prompt
	// message), a result's list ("tools", "prompts"...) whose elements
	// hold the member, or "request" (a method the server sends).
	in, name string
	since    string // the version that brought it
	what     string // how the warning names it
}

// newerTable is every member the era check knows, with the version that
// brought it, read from the schemas (schema/<version>/schema.ts of
// modelcontextprotocol/modelcontextprotocol). Content blocks' and
// resources' annotations are in 2024-11-05 already; tools' came with
// 2025-03-26. At most 64 rows (newerSaid is a bit set).
var newerTable = []newerMember{
	{"result", "structuredContent", "2025-06-18", "structuredContent"},
	{"content", "audio", "2025-03-26", "audio content"},
	{"content", "resource_link", "2025-06-18", "resource_link content"},
	{"tools", "annotations", "2025-03-26", "annotations on tools"},
	{"tools", "title", "2025-06-18", "title on tools"},
	{"tools", "outputSchema", "2025-06-18", "outputSchema on tools"},
	{"tools", "execution", "2025-11-25", "execution on tools"},
	{"tools", "icons", "2025-11-25", "icons on tools"},
	{"prompts", "title", "2025-06-18", "title on prompts"},
	{"prompts", "icons", "2025-11-25", "icons on prompts"},
	{"resources", "title", "2025-06-18", "title on resources"},
	{"resources", "icons", "2025-11-25", "icons on resources"},
	{"resourceTemplates", "title", "2025-06-18", "title on resource templates"},
	{"resourceTemplates", "icons", "2025-11-25", "icons on resource templates"},
	{"request", "elicitation/create", "2025-06-18", "elicitation/create"},
}

// newerPending is the set of newerTable's rows a session of version v
// has not been told of and that came after v.
func (c *AnswerCheck) newerPending(v string) uint64 {
	var set uint64
	for i, m := range newerTable {
		if m.since > v && c.newerSaid&(1<<i) == 0 {
			set |= 1 << i
		}
	}
	return set
}

// newerThan checks a message the server sent against the version its
// session negotiated: an answer holding what a later version brought, or
// a request only a later version has, is a server speaking past the
// version it agreed to. Each member is said once per session, in the
// first message holding it. A stateless (2026) session negotiates no
// version, so is not checked.
func (c *AnswerCheck) newerThan(r *mcp.Record) (Problem, bool) {
	if !slices.Contains(mcp.InitializeEra, c.protocol) {
		return Problem{}, false
	}
	pending := c.newerPending(c.protocol)
	if pending == 0 {
		return Problem{}, false
	}
	var found uint64
	switch r.RPC.Class {
	case mcp.ClassServerRequest:
		found = newerFind(pending, "request", r.RPC.Method)
	case mcp.ClassResponse:
		found = newerInAnswer(pending, []byte(r.RPC.Raw))
	}
	if found == 0 {
		return Problem{}, false
	}
	c.newerSaid |= found
	p := Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseNewerAnswer},
		Message: newerMessage(r.RPC, found, c.protocol)}
	c.newer = append(c.newer, p)
	return p, true
}

// newerFind is the row of newerTable, among pending, for name in, as a
// set of one; 0 when there is none.
func newerFind(pending uint64, in, name string) uint64 {
	for i, m := range newerTable {
		if pending&(1<<i) != 0 && m.in == in && m.name == name {
			return 1 << i
		}
	}
	return 0
}

// newerInAnswer walks an answer once for the pending rows: the result's
// members, its lists' elements' members and its content blocks' types,
// no deeper, so a large schema or text costs its scan only.
func newerInAnswer(pending uint64, raw []byte) uint64 {
	// The result at depth 1, its lists at 2, their elements at 3 and
	// their members (a block's type, a prompt message's content) at 4.
	doc, err := jsonspan.Parse(raw, jsonspan.Limits{Depth: 4})
	if err != nil {
		return 0
	}
	var found uint64
	for name, v := range doc.Root().Get("result").Members() {
		found |= newerFind(pending, "result", name)
		switch name {
		case "content":
			for block := range v.Elements() {
				found |= newerBlock(pending, block)
			}
		case "messages":
			for msg := range v.Elements() {
				// A prompt message's content is one block, a level
				// below what the walk indexed: its own members only.
				if b, err := jsonspan.Parse(msg.Get("content").Raw(), jsonspan.Limits{Depth: 1}); err == nil {
					found |= newerBlock(pending, b.Root())
				}
			}
		case "tools", "prompts", "resources", "resourceTemplates":
			for el := range v.Elements() {
				for member := range el.Members() {
					found |= newerFind(pending, name, member)
				}
			}
		}
	}
	return found
}

// newerBlock is the pending row a content block's type is, if any.
func newerBlock(pending uint64, block jsonspan.Value) uint64 {
	t, ok := block.Get("type").Text()
	if !ok {
		return 0
	}
	return newerFind(pending, "content", t)
}

// newerMessage says what in the message came after the version the
// session negotiated, grouped by the version that brought it: "the server
// answered tools/list with title on tools, which 2025-06-18 brought, and
// annotations on tools, which 2025-03-26 brought, in a session that
// negotiated 2024-11-05".
func newerMessage(rpc *mcp.RPCMessage, found uint64, protocol string) string {
	var versions []string
	for i, m := range newerTable {
		if found&(1<<i) != 0 && !slices.Contains(versions, m.since) {
			versions = append(versions, m.since)
		}
	}
	slices.Sort(versions)
	var groups []string
	for _, v := range versions {
		var whats []string
		for i, m := range newerTable {
			if found&(1<<i) != 0 && m.since == v {
				whats = append(whats, m.what)
			}
		}
		groups = append(groups, strings.Join(whats, ", ")+", which "+v+" brought")
	}
	method := sanitize.Line(mcp.NameShown(rpc.Method))
	var b strings.Builder
	switch {
	case rpc.Class == mcp.ClassServerRequest:
		b.WriteString("the server sent an " + method + " request, which " + versions[0] + " brought")
	case rpc.Method != "":
		b.WriteString("the server answered " + method + " with " + strings.Join(groups, ", and "))
	default:
		b.WriteString("the server answered a request with " + strings.Join(groups, ", and "))
	}
	b.WriteString(", in a session that negotiated " + protocol)
	return b.String()
}
