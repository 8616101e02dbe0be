package history

import (
	"context"
	"encoding/json"
	"maps"
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
	asked := map[int64]map[string]inputAsk{} // chain -> inputRequests key -> what it asked
	chainOf := map[int64]int64{}             // request Seq -> its chain
	for i := range recs {
		r := &recs[i]
		if r.RPC == nil {
			continue
		}
		m := r.RPC
		switch {
		case r.Kind == mcp.KindSent && m.Class == mcp.ClassNotification && m.Method == "notifications/roots/list_changed":
			change = r.Seq
		case r.Kind == mcp.KindSent && m.Class == mcp.ClassReply && m.Method == "roots/list":
			if roots, ok := rootsResult(replyAnswer(m.Raw).result); ok {
				note(roots)
			}
		case r.Kind == mcp.KindSent && m.Class == mcp.ClassRequest:
			chain := m.Chain
			if chain == 0 {
				chain = r.Seq
			}
			chainOf[r.Seq] = chain
			if m.Chain == 0 {
				continue
			}
			var in struct {
				InputResponses map[string]json.RawMessage `json:"inputResponses"`
			}
			if json.Unmarshal(paramsOf(m.Raw), &in) != nil {
				continue
			}
			for _, k := range slices.Sorted(maps.Keys(in.InputResponses)) {
				if asked[chain][k].method != "roots/list" {
					continue
				}
				if roots, ok := rootsResult(in.InputResponses[k]); ok {
					note(roots)
					p.during[chain] = roots
				}
			}
		case r.Kind == mcp.KindReceived && m.Class == mcp.ClassResponse && m.ReqSeq != 0:
			if keys := inputMethods(m.Raw); keys != nil {
				asked[chainOf[m.ReqSeq]] = keys
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
