package ui

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
)

// A recording of tools/call answers, each costing its outputSchema's
// check about the most one may (a pattern of about 1,000 parts over a
// string of 8 KB), together far more than a beat: G at instant speed
// indexes what fits in one beat and the rest on the beats after, so the
// update loop, and q, answer at once, where the one update of G checked
// every answer (1,000 of them held it for half a minute). The position
// in the bar is of what is indexed; the end is said once all of it is.
//
// As many answers as outlast a few beats at this build's pace
// (costlyCount), not a fixed 16: under -race each answer's check takes
// seconds, and 16 took 40s of the package's run on a busy machine for
// the proof that 4 give.
func TestReplayCostlyAnswersKeepTheTUIResponsive(t *testing.T) {
	calls := costlyCount()
	s := costlyAnswers(calls)
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, s.recs)
	now := fixedNow
	m := newReplay(p, &now)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})

	// G may spend the beat's budget and finish the answer it began: what
	// it takes is bounded by what one answer's check costs here, which
	// the race detector makes ten times or more what it is in a release
	// build (one alone took over a second), not by a fixed second.
	one := costOfOneAnswer()
	limit := max(time.Second, replayFrameWork+5*one)
	start := time.Now()
	press(m, "G")
	if took := time.Since(start); took > limit {
		t.Errorf("G took %v, over %v (one answer's check costs %v here): the update loop was held", took, limit, one)
	}
	if got := m.com.log.Len(); got >= len(s.recs) {
		t.Fatalf("G indexed all %d records in one update, want what fits in a beat", got)
	}
	if bar := m.status.view(); strings.Contains(bar, "■") || !strings.Contains(bar, fmt.Sprintf("▶ %d/%d", m.com.log.Len(), len(s.recs))) {
		t.Errorf("status bar while records wait to be indexed: %q, want ▶ at %d/%d", bar, m.com.log.Len(), len(s.recs))
	}
	for i := 0; i < 10*calls && !strings.Contains(m.status.view(), "■"); i++ {
		now = now.Add(replayInterval)
		m.Update(replayTickMsg{})
	}
	if got := m.com.log.Len(); got != len(s.recs) {
		t.Fatalf("after the beats: %d records indexed, want all %d", got, len(s.recs))
	}
	if bar := m.status.view(); !strings.Contains(bar, fmt.Sprintf("■ %d/%d", len(s.recs), len(s.recs))) {
		t.Errorf("status bar at the end: %q", bar)
	}
	last := m.com.log.Pair(m.com.log.PairCount() - 1)
	if !strings.HasPrefix(last.Output, "structuredContent breaks the outputSchema: at /properties/s: pattern: ") {
		t.Errorf("the last answer's Output = %.120q, want the pattern it breaks", last.Output)
	}
}

// A recording playing at instant speed whose costly answers outlast a
// beat: the Player hands out no more while the beats index what it gave,
// so what waits to be indexed stays one batch (MaxBatch) however long
// the recording, where each beat added a batch and the whole of it could
// wait in memory. The costly answers outlast a few beats (costlyCount):
// the second beat already found the first beat's backlog.
func TestReplayBacklogStaysOneBatch(t *testing.T) {
	s := costlyAnswers(costlyCount())
	for range history.MaxBatch + 100 {
		s.event("message", `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`)
	}
	p := history.NewPlayer(history.Header{URL: fixtureBase, Transport: "sse"}, s.recs)
	p.SetSpeed(math.Inf(1))
	now := fixedNow
	m := newReplay(p, &now)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for i := 0; i < 100 && !strings.Contains(m.status.view(), "■"); i++ {
		if ahead := p.Position() - m.com.log.Len(); ahead > history.MaxBatch {
			t.Fatalf("beat %d: %d records handed out and not yet indexed, want at most %d", i, ahead, history.MaxBatch)
		}
		now = now.Add(replayInterval)
		m.Update(replayTickMsg{})
	}
	if got := m.com.log.Len(); got != len(s.recs) {
		t.Fatalf("after the beats: %d records indexed, want all %d", got, len(s.recs))
	}
}

// costOfOneAnswer is how long a Log takes to file one more costly
// answer (the second of costlyAnswers(2), its schema already read with
// the first): its outputSchema's check, at this build's and this
// machine's pace. Measured once for the package: each measure costs two
// answers' checks, seconds under -race.
var costOfOneAnswer = sync.OnceValue(func() time.Duration {
	first, both := costlyAnswers(1).recs, costlyAnswers(2).recs
	l := history.NewLog()
	defer l.Close()
	l.Append(both[:len(first)]...)
	start := time.Now()
	l.Append(both[len(first):]...)
	return time.Since(start)
})

// costlyCount is how many costly answers together take at least four
// beats' indexing (replayFrameWork) at this build's pace, with one more
// for a measure taken while the machine was slower than it is later:
// at least 4 (a few beats whichever the build), at most 16 (a release
// build's answer takes 60 to 100ms, a race build's over a second).
func costlyCount() int {
	one := max(costOfOneAnswer(), time.Microsecond)
	return min(max(int(4*replayFrameWork/one)+2, 4), 16)
}

// costlyAnswers is a recording of a tools/list and calls tools/call
// answers, each costing its outputSchema's check about the most one may
// (a pattern of about 1,000 parts over a string of 8 KB).
func costlyAnswers(calls int) *script {
	schema := `{"type":"object","properties":{"s":{"type":"string","pattern":"` + strings.Repeat("[a-z]*", 240) + `c"}}}`
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	list := s.request("1", "tools/list", "", `{}`)
	s.answer(list, "1", "tools/list", "", `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"},"outputSchema":`+schema+`}]}}`, false, false)
	long := strings.Repeat("x", 8_000)
	for i := range calls {
		id := fmt.Sprint(i + 2)
		call := s.request(id, "tools/call", "t", `{"name":"t","arguments":{}}`)
		s.answer(call, id, "tools/call", "t", `{"jsonrpc":"2.0","id":`+id+`,"result":{"content":[],"structuredContent":{"s":"`+long+`"}}}`, false, false)
	}
	return s
}
