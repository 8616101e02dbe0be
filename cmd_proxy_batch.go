package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
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
	// sharing are the last batches whose requests share ids, by their
	// records' Seqs: a failure of a batch's POST counted the requests
	// that still waited, one an id, and read "batch of 1 request" of
	// three sharing one (requestsLine). Kept by batch, not for the batch
	// said last: another batch's line may come before the failure.
	sharing []sharingBatch
}

// sharingBatch is a batch whose requests share ids: how many requests it
// holds, and the ids more than one of them has ("id=7 ×3").
type sharingBatch struct {
	seq      int64
	requests int
	shared   string
}

// sharingKept bounds batchNotes.sharing: a batch's POST fails before
// many more batches with shared ids are sent, and a client sending them
// all along (each answered) keeps no more.
const sharingKept = 16

// requestsLine is what a failure of the POST of batch seq, which ended
// failed of its requests, says of them: how many it ended, or, when they
// share ids, how many the batch held and the ids they share: one id was
// one request waiting.
func (b *batchNotes) requestsLine(seq int64, failed int) string {
	n, shared := failed, ""
	if i := slices.IndexFunc(b.sharing, func(s sharingBatch) bool { return s.seq == seq }); i >= 0 {
		n, shared = b.sharing[i].requests, b.sharing[i].shared
		b.sharing = slices.Delete(b.sharing, i, i+1)
	}
	what := fmt.Sprintf("batch of %d requests", n)
	if n == 1 {
		what = "batch of 1 request"
	}
	if shared != "" {
		what += " sharing ids (" + shared + ")"
	}
	return what
}

// sharedIDs says the ids of ids (JSON texts, in the batch's order) that
// more than one request has, and how many: "id=7 ×3".
func sharedIDs(ids []string) string {
	count := map[string]int{}
	var said []string
	for _, id := range ids {
		if count[id]++; count[id] == 2 {
			said = append(said, id)
		}
	}
	for i, id := range said {
		said[i] = fmt.Sprintf("id=%s ×%d", mcp.NameShown(id), count[id])
	}
	return strings.Join(said, ", ")
}

// folds reports a record of the notifications the batch's line said.
func (b *batchNotes) folds(r mcp.Record) bool {
	if b.left == 0 || r.Kind != mcp.KindSent || r.RPC.Class != mcp.ClassNotification || !r.Time.Equal(b.at) || r.RPC.Conn != b.conn {
		return false
	}
	b.left--
	return true
}

// batchLine is the line of the client's batch m, logged at seq, sent at
// at: its size, and how many notifications it holds, of which methods
// (the three most common); b is set to leave their own lines out.
func (b *batchNotes) batchLine(m *mcp.RPCMessage, seq int64, at time.Time) string {
	what := fmt.Sprintf("batch of %d bytes", len(m.Raw))
	count := map[string]int{}
	n := 0
	var ids []string
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
		switch {
		case one.Method != nil && one.ID == nil:
			count[*one.Method]++
			n++
		case one.Method != nil:
			var id bytes.Buffer
			if json.Compact(&id, one.ID) == nil {
				ids = append(ids, id.String())
			}
		}
	}
	b.at, b.conn, b.left = at, m.Conn, n
	if shared := sharedIDs(ids); shared != "" {
		if len(b.sharing) == sharingKept {
			b.sharing = slices.Delete(b.sharing, 0, 1)
		}
		b.sharing = append(b.sharing, sharingBatch{seq: seq, requests: len(ids), shared: shared})
		// Their answers cannot be told apart: each request's own line
		// says it, but the batch's is where they are seen together.
		what += ", its requests sharing ids (" + shared + ")"
	}
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
