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

// RecordedRoots are the roots the recorded client offered at the start of
// the session: what it answered to the first roots/list before it changed
// its roots. ok is false when the recording answered no roots/list there,
// so nothing says what it offered.
func RecordedRoots(recs []mcp.Record) (roots []mcp.Root, ok bool) {
	p := planRoots(recs)
	return p.initial, p.hasInitial
}

// planRoots reads the roots the recorded client answered, and when.
func planRoots(recs []mcp.Record) rootsPlan {
	p := rootsPlan{changed: map[int64][]mcp.Root{}, during: map[int64][]mcp.Root{}}
	var change int64 // the latest notifications/roots/list_changed, 0 before any
	answered := map[int64]bool{}
	note := func(roots []mcp.Root) {
		switch {
		case change == 0 && !p.hasInitial:
			p.initial, p.hasInitial = roots, true
		case change != 0 && !answered[change]:
			p.changed[change], answered[change] = roots, true
		}
	}
	chains := newChainInputs()
	for i := range recs {
		r := &recs[i]
		if r.RPC == nil {
			continue
		}
		m := r.RPC
		chains.see(r, func(chain int64, _ string, ask inputAsk, value json.RawMessage) {
			if ask.method != "roots/list" {
				return
			}
			if roots, ok := rootsResult(value); ok {
				note(roots)
				p.during[chain] = roots
			}
		})
		switch {
		case r.Kind == mcp.KindSent && m.Class == mcp.ClassNotification && m.Method == "notifications/roots/list_changed":
			change = r.Seq
		case r.Kind == mcp.KindSent && m.Class == mcp.ClassReply && m.Method == "roots/list":
			if roots, ok := rootsResult(replyAnswer(m.Raw).result); ok {
				note(roots)
			}
		}
	}
	return p
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
