package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// batchNotes are the notifications of the client's batch the printer said
// last, in its line: a batch of 100k notifications was 100k headless
// lines. Its records follow the batch's, at its time and on its
// connection; its requests still get a line each, as their answers do.
type batchNotes struct {
	at   time.Time
	conn int
	left int
}

// folds reports a record of the notifications the batch's line said.
func (b *batchNotes) folds(r mcp.Record) bool {
	if b.left == 0 || r.Kind != mcp.KindSent || r.RPC.Class != mcp.ClassNotification || !r.Time.Equal(b.at) || r.RPC.Conn != b.conn {
		return false
	}
	b.left--
	return true
}

// batchLine is the line of the client's batch m sent at at: its size, and
// how many notifications it holds, of which methods (the three most
// common); b is set to leave their own lines out.
func (b *batchNotes) batchLine(m *mcp.RPCMessage, at time.Time) string {
	what := fmt.Sprintf("batch of %d bytes", len(m.Raw))
	count := map[string]int{}
	n := 0
	dec := json.NewDecoder(strings.NewReader(string(m.Raw)))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return what
	}
	for dec.More() {
		var one struct {
			ID     json.RawMessage `json:"id"`
			Method *string         `json:"method"`
		}
		if dec.Decode(&one) != nil {
			break
		}
		if one.Method != nil && one.ID == nil {
			count[*one.Method]++
			n++
		}
	}
	*b = batchNotes{at: at, conn: m.Conn, left: n}
	if n == 0 {
		return what
	}
	methods := make([]string, 0, len(count))
	for k := range count {
		methods = append(methods, k)
	}
	sort.Slice(methods, func(i, j int) bool {
		if count[methods[i]] != count[methods[j]] {
			return count[methods[i]] > count[methods[j]]
		}
		return methods[i] < methods[j]
	})
	var said []string
	for _, k := range methods[:min(3, len(methods))] {
		said = append(said, fmt.Sprintf("%s ×%d", mcp.NameShown(k), count[k]))
	}
	if len(methods) > 3 {
		said = append(said, fmt.Sprintf("%d other methods", len(methods)-3))
	}
	notes := "notifications"
	if n == 1 {
		notes = "notification"
	}
	return fmt.Sprintf("%s: %d %s (%s)", what, n, notes, strings.Join(said, ", "))
}
