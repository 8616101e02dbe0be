package history

import (
	"encoding/json"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// declared are the capabilities the answer that opened the session
// declared (initialize's, or 2026's server/discover's), and the first
// answer to a method they leave out.
type declared struct {
	caps json.RawMessage // nil before such an answer, or when it named none
	by   string          // the method whose answer declared them
	said *Problem
}

// undeclaredAnswer checks a result against the capabilities the session's
// opening answer declared: a server that declares capabilities: {} and
// answers tools/list all the same contradicts itself, and a client that
// trusts the declaration (as the specification asks) never sees its tools.
// Said once per session, as a note: the answer is used.
func (c *AnswerCheck) undeclaredAnswer(r *mcp.Record) (Problem, bool) {
	m := r.RPC
	if m.Class != mcp.ClassResponse || m.RPCError {
		return Problem{}, false
	}
	if m.Method == "initialize" || m.Method == "server/discover" {
		var msg struct {
			Result struct {
				Capabilities json.RawMessage `json:"capabilities"`
			} `json:"result"`
		}
		// An answer that does not read declares nothing to hold later
		// answers against.
		_ = json.Unmarshal([]byte(m.Raw), &msg)
		c.decl.caps, c.decl.by = msg.Result.Capabilities, m.Method
		return Problem{}, false
	}
	if c.decl.said != nil || c.decl.caps == nil {
		return Problem{}, false
	}
	capability := mcp.Undeclared(m.Method, c.transport, c.decl.caps)
	if capability == "" {
		return Problem{}, false
	}
	c.decl.said = &Problem{Level: LevelInfo, Seq: r.Seq,
		Message: "the server answered " + sanitize.Line(mcp.NameShown(m.Method)) + " though its " + c.decl.by + " answer declared no " + capability +
			" capability: a client that reads the capabilities would not have asked (the answer is shown as it came)"}
	return *c.decl.said, true
}
