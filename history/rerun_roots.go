package history

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// A re-run offers the roots the recorded client offered, so a server that
// asks for them (roots/list) gets the recorded answer and a tool that lists
// them answers as it did. Roots are the client's own state, which the
// recording holds only as the client's answers to roots/list: a 2025 reply,
// or a 2026 round's inputResponses. The user changes them mid-session
// (roots add), which a 2025 client announces with
// notifications/roots/list_changed, and a 2026 client tells only the next
// server that asks.

// rootsSetter is what a Sender offers when the re-run can change the roots
// its live session offers (*mcp.Session has it).
type rootsSetter interface {
	SetRoots(ctx context.Context, roots []mcp.Root) error
}

// rootsPlan is when the recorded client offered which roots.
type rootsPlan struct {
	initial    []mcp.Root
	hasInitial bool
	// changed holds, for each recorded notifications/roots/list_changed,
	// the roots the client answered next, before any later change.
	changed map[int64][]mcp.Root
	// during holds, for each request whose 2026 rounds answered roots/list,
	// the roots answered.
	during map[int64][]mcp.Root
}

// noteRoots takes in roots the recorded client answered: the ones it
// offered at the start, or the first answer after it changed them.
func (p *rerunPlan) noteRoots(roots []mcp.Root) {
	switch {
	case p.rootsChange == 0 && !p.roots.hasInitial:
		p.roots.initial, p.roots.hasInitial = roots, true
	case p.rootsChange != 0 && !p.rootsDone[p.rootsChange]:
		p.roots.changed[p.rootsChange], p.rootsDone[p.rootsChange] = roots, true
	}
}

// rootsResult reads a roots/list result; ok is false when it holds none
// (an error answered, or no roots member).
func rootsResult(res json.RawMessage) (roots []mcp.Root, ok bool) {
	var m struct {
		Roots *[]mcp.Root `json:"roots"`
	}
	if len(res) == 0 || json.Unmarshal(res, &m) != nil || m.Roots == nil {
		return nil, false
	}
	return *m.Roots, true
}

// offer makes the live session offer roots, when it can and they differ
// from what it offers: in the 2025 eras that tells the server with
// notifications/roots/list_changed, as the recorded client did. It reports
// whether it changed them.
func offer(ctx context.Context, s Sender, roots []mcp.Root) bool {
	rs, ok := s.(rootsSetter)
	if !ok {
		return false
	}
	if cur, ok := s.(interface{ Roots() []mcp.Root }); ok && slices.Equal(cur.Roots(), roots) {
		return false
	}
	return rs.SetRoots(ctx, roots) == nil
}
