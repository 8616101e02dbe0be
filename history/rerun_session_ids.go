package history

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// LiveSessionNamer is a Sender that can say the id of the live session's
// transport session ("" for none yet). A re-run reads it in place of the
// recorded session's id in each recorded answer it compares: a server that
// names its session in a tool's text ("updates for session 316b…") answered
// the same, where the report called it different for the session id alone.
type LiveSessionNamer interface {
	SessionID() string
}

// minSwappedID is the shortest recorded session id read as the live one in
// an answer: a short id ("1", "abc") is as likely any other text.
const minSwappedID = 8

// noteSessionID keeps the session id a state record names, once.
func (p *rerunPlan) noteSessionID(r *mcp.Record) {
	if r.Kind != mcp.KindState || r.State == nil || r.State.State != mcp.StateOpen {
		return
	}
	if id := r.State.SessionID; len(id) >= minSwappedID && !slices.Contains(p.sessionIDs, id) {
		p.sessionIDs = append(p.sessionIDs, id)
	}
}

// asLiveSession is recorded with the recorded sessions' ids in its message
// replaced by the live session's, which s names (LiveSessionNamer); recorded
// itself when there is nothing to replace.
func asLiveSession(recorded *mcp.Record, ids []string, s Sender) *mcp.Record {
	n, ok := s.(LiveSessionNamer)
	if !ok || len(ids) == 0 || recorded == nil || recorded.RPC == nil {
		return recorded
	}
	live := n.SessionID()
	if live == "" {
		return recorded
	}
	// As the ids are written in JSON text: a live id holding a quote or a
	// backslash (visible ASCII allows both) would otherwise break the
	// message it is put in.
	raw, with := string(recorded.RPC.Raw), inJSON(live)
	for _, id := range ids {
		if id != live {
			raw = strings.ReplaceAll(raw, inJSON(id), with)
		}
	}
	if raw == string(recorded.RPC.Raw) {
		return recorded
	}
	c, m := *recorded, *recorded.RPC
	m.Raw, c.RPC = mcp.Raw(raw), &m
	return &c
}

// inJSON is s as it reads inside a JSON string.
func inJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
