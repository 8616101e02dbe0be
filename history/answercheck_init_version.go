package history

import (
	"fmt"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// initHeaderVersion is the problem of an initialize answer whose
// MCP-Protocol-Version header names another version than the one its
// body chose, said once the session says which it chose (st): later
// answers contradicting the version were said, the one that chose it was
// not, though a client reading the header sends that version on every
// request.
func (c *AnswerCheck) initHeaderVersion(st *mcp.StateChange) (Problem, bool) {
	if st.State != mcp.StateInitialized || st.Protocol == "" || c.initHeader == "" {
		return Problem{}, false
	}
	v := c.initHeader
	c.initHeader = ""
	if v == st.Protocol || c.otherVersion != nil {
		return Problem{}, false
	}
	c.otherVersion = &Problem{Level: LevelWarning, Seq: c.initAt, Fact: &advice.Fact{Cause: mcp.CauseVersionChanged},
		Message: fmt.Sprintf("initialize's answer carried MCP-Protocol-Version %q, not %q, the version its body chose", sanitize.Line(mcp.HeaderQuote(v)), sanitize.Line(mcp.HeaderQuote(st.Protocol)))}
	return *c.otherVersion, true
}
