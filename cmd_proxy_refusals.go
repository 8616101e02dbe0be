package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/proxy"
	"github.com/mcpscope/mcpscope/ui"
)

// refusals counts the requests the proxy refused with one status, and
// when one was last said: a client refused as fast as it asks gets at
// most a line a second, saying how many went by unsaid. Requests in no
// session are counted in proxySessions.refusals, a session's own in its
// linePrinter.
type refusals struct {
	total, unsaid int
	saidAt        time.Time
}

// lineEvery is how often a run of refusals or failures of one kind may
// have a line. A var only so that a test whose failures must fold can
// allow more than a loaded machine takes between them.
var lineEvery = time.Second

// refusalsOf is the count of status in *m, made at its first refusal.
func refusalsOf(m *map[int]*refusals, status int) *refusals {
	if *m == nil {
		*m = map[int]*refusals{}
	}
	c := (*m)[status]
	if c == nil {
		c = &refusals{}
		(*m)[status] = c
	}
	return c
}

// add counts a refusal at now and reports whether to say it: when it can
// be said and none was in the second before. more is how many before it
// went unsaid since the last one said.
func (c *refusals) add(now time.Time, canSay bool) (more int, say bool) {
	c.total++
	c.unsaid++
	if !canSay || !c.saidAt.IsZero() && now.Sub(c.saidAt) < lineEvery {
		return 0, false
	}
	more = c.unsaid - 1
	c.unsaid, c.saidAt = 0, now
	return more, true
}

// refused says on stderr (headless) that a request in no session was
// refused: because every client session was busy or the client held its
// share (503, which --max-sessions is said beside), because there was no
// room for its body (503), or for what it was (a non-local Origin or
// Host, a body too large or broken off, or a request Go's HTTP server
// answered itself, whose method and URI are not known). Each status at most one line a second, with how many more there were, so a
// flood of refusals is not a flood of lines; the TUI's status bar says
// the same, as often, in a few words (tuiRefusal). The totals are said when
// the proxy stops, in the TUI too.
func (s *proxySessions) refused(r proxy.Refusal) {
	now := time.Now()
	s.mu.Lock()
	out, feed := s.lines, s.feed
	more, say := refusalsOf(&s.refusals, r.Status).add(now, out != nil || feed != nil)
	if s.refusedFor == nil {
		s.refusedFor = map[proxy.RefusedFor]int{}
	}
	s.refusedFor[r.Reason]++
	s.mu.Unlock()
	if !say {
		return
	}
	if out == nil {
		// The TUI hears of it where it hears of new clients: the request
		// is in no session, so no tab would ever show it.
		feed.send(ui.Client{Notice: tuiRefusal(r, more)})
		return
	}
	what := sanitize.Line(r.Method) + " " + sanitize.Line(s.refusedURI(r))
	if r.Method == "" {
		what = "a request"
	}
	text := fmt.Sprintf("refused %s from %s with %d: %s", what, r.From, r.Status, sanitize.Line(r.Why))
	if r.Reason == proxy.RefusedBusy || r.Reason == proxy.RefusedShare {
		text += fmt.Sprintf(" (--max-sessions %d)", s.pf.maxSess)
	}
	if more > 0 {
		text += fmt.Sprintf(" (and %d more since the last such line)", more)
	}
	out.add(now, now.Format("15:04:05.000")+" "+text)
}

// refusedURI is r's URI as its line quotes it: the credentials in its
// query (a client's own "?token=", given to it in the URL it was told)
// masked as the user's own are on stderr, unless --record-secrets.
func (s *proxySessions) refusedURI(r proxy.Refusal) string {
	return newParamsMask(r.Credentials, s.pf.secrets).text(r.URI)
}

// tuiPathLimit is the most of a refused request's path the status bar
// quotes.
const tuiPathLimit = 24

// tuiRefusal is a refusal as the status bar says it: one sentence that an
// 80-column bar shows whole next to the session's state, e.g. "refused
// POST /mcp: its Origin is not local (403; 4 more)". The path stands
// for the URI and the short cause for the long one (which quotes what the
// client chose); headless lines and the report say the rest.
func tuiRefusal(r proxy.Refusal, more int) string {
	path, _, _ := strings.Cut(r.URI, "?")
	path = clip.Marked(path, tuiPathLimit)
	counted := strconv.Itoa(r.Status)
	if more > 0 {
		counted += fmt.Sprintf("; %d more", more)
	}
	if r.Method == "" {
		return fmt.Sprintf("refused a request: %s (%s)", r.Short, counted)
	}
	return fmt.Sprintf("refused %s %s: %s (%s)", clip.Prefix(r.Method, 8), path, r.Short, counted)
}
