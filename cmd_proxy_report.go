package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/proxy"
	"github.com/mcpscope/mcpscope/ui"
)

// listedPaths bounds the recordings report names one by one: a client
// opening thousands of sessions would fill the terminal with their paths
// when the proxy stops, and have it hold every path while it runs.
const listedPaths = 20

// noteRecorded counts a recording and keeps its path among the listedPaths
// whose sessions connected last, in the order they connected (at): a
// session held until it is worth a recording (a slow initialize) is
// recorded after later ones, and the report listed it after them; s.mu is
// held. who names the client whose session it holds, as the report says
// it beside the path.
func (s *proxySessions) noteRecorded(path string, at time.Time, who func() string) {
	s.recorded++
	s.unlisted.Delete(path)
	i, _ := slices.BinarySearchFunc(s.paths, at, func(l listedPath, at time.Time) int {
		if l.at.After(at) {
			return 1
		}
		return -1
	})
	s.paths = slices.Insert(s.paths, i, listedPath{path: path, at: at, who: who})
	if len(s.paths) > listedPaths {
		delete(s.failed, s.paths[0].path)
		delete(s.noted, s.paths[0].path)
		s.paths = slices.Delete(s.paths, 0, 1)
	}
}

// listedPath is a recording the report lists, when its session
// connected, and who names its client: asked as the report is said, as a
// session's clientInfo may come after its recording began.
type listedPath struct {
	path string
	at   time.Time
	who  func() string
}

// clientWho names client session c as the headless lines do ("#3
// claude-code 1.0"), by its clientInfo, else its User-Agent, else its
// address (proxy.Client.Label): a report of many paths did not say which
// client each recording was of. named redacts the label as the session's
// records are (shownAs).
func clientWho(c *proxy.Client, named func(string) string) func() string {
	return func() string { return fmt.Sprintf("#%d %s", c.ID, named(c.Label())) }
}

// listed reports whether the report lists the recording at path; s.mu is
// held.
func (s *proxySessions) listed(path string) bool {
	return slices.ContainsFunc(s.paths, func(l listedPath) bool { return l.path == path })
}

// recordFailed notes that err made the recording at path of session id
// incomplete (or, a *history.Caveat, that its records are whole but for a
// note), and says so where the user looks: the TUI's status bar while it
// runs (stderr is under it), else stderr. The report says it again.
func (s *proxySessions) recordFailed(id int, path string, err error) {
	s.count(path, err)
	var u *history.Unanswered
	var nw *history.NotWritten
	switch _, caveat := caveatOf(err); {
	case caveat:
		s.say(err.Error())
	case s.feed != nil && !closed(s.gone):
		s.feed.send(ui.Client{ID: id, RecordingFailed: err})
	case errors.As(err, &u) || errors.As(err, &nw):
		// Its words name the path and say how incomplete it is.
		fmt.Fprintf(s.errw, "mcpscope: %s\n", sanitize.Line(err.Error()))
	default:
		fmt.Fprintf(s.errw, "mcpscope: recording to %s failed: %s\n", sanitize.Line(path), sanitize.Line(err.Error()))
	}
}

// count keeps what the report says of err beside the recording at path,
// and counts it: a caveat (the records are whole: the file can no longer
// be read, or could not be checked in time) is not counted incomplete.
func (s *proxySessions) count(path string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if note, ok := caveatOf(err); ok {
		s.keepBeside(&s.noted, path, note)
		return
	}
	said := "incomplete: " + cause(err)
	var u *history.Unanswered
	var nw *history.NotWritten
	switch {
	case errors.As(err, &u):
		// Not known to be incomplete: the disk did not say.
		s.keepBeside(&s.failed, path, "may be incomplete: "+u.Why())
		s.unanswered++
		return
	case errors.As(err, &nw):
		said = "incomplete: " + nw.Why()
	}
	s.keepBeside(&s.failed, path, said)
	s.incomplete++
}

// recordingTold is what the Tee of session id's recording at path tells
// recordFailed: after a disk said to be falling behind, Tee says more as
// it learns it (history.Tee), each replacing the one before in the counts
// and beside the path, so none is counted twice. The count of records
// dropped that ends a recording is said only by the report, which lists
// it: said as the drop happened, it would be said twice.
func (s *proxySessions) recordingTold(id int, path string) func(error) {
	var before error // Tee's reports never cross
	return func(err error) {
		var nw *history.NotWritten
		again := errors.As(before, &nw)
		told := before != nil // the screen was told a failure
		if before != nil {
			s.forget(path, before)
		}
		before = err
		if again {
			s.count(path, err)
			return
		}
		if _, caveat := caveatOf(err); caveat && told && s.feed != nil && !closed(s.gone) {
			// A disk said to be falling behind caught up (history.Tee):
			// the tab's bar, which said so until quit, says it is
			// whole, and the caveat with it.
			s.count(path, err)
			s.feed.send(ui.Client{ID: id, RecordingFailed: err})
			return
		}
		s.recordFailed(id, path, err)
	}
}

// forget takes back what recordFailed counted of err for the recording at
// path, which Tee has said more of.
func (s *proxySessions) forget(path string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := caveatOf(err); ok {
		delete(s.noted, path)
		return
	}
	delete(s.failed, path)
	var u *history.Unanswered
	if errors.As(err, &u) {
		s.unanswered--
	} else {
		s.incomplete--
	}
}

// keepBeside keeps in *m what the report says beside the recording at
// path, if the report lists it or may yet (not made yet, or not listed
// yet): one dropped off the list is named nowhere, so nothing is kept of
// it, and the maps stay as small as the list; s.mu is held.
func (s *proxySessions) keepBeside(m *map[string]string, path, said string) {
	if _, pending := s.unlisted.Load(path); !pending && !s.listed(path) {
		return
	}
	if *m == nil {
		*m = map[string]string{}
	}
	(*m)[path] = said
}

// notRecorded says a session has no recording, as recordFailed says one
// stopped: on the TUI's status bar while it runs, else on stderr.
func (s *proxySessions) notRecorded(what string, err error) {
	s.unrecorded.Add(1)
	s.unrecordedWhy.Store(err.Error())
	s.say(fmt.Sprintf("%s is not recorded: %v", what, err))
}

// say puts a notice where the user looks: the TUI's status bar while it
// runs, else stderr.
func (s *proxySessions) say(notice string) {
	if s.feed != nil && !closed(s.gone) {
		s.feed.send(ui.Client{Notice: notice})
		return
	}
	fmt.Fprintf(s.errw, "mcpscope: %s\n", sanitize.Line(notice))
}

// cause is the words of what failed at the bottom of err (a full disk's
// "no space left on device"), without the paths the report shows beside it.
func cause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// report says where the sessions were recorded, and which recordings are
// incomplete; it returns the exit error when any is (as exec exits 1 for
// a recording a write error cut short). width is the width of the
// terminal w writes to (0: none): its sentences are wrapped to it at
// their spaces, and each path kept whole on a line of its own.
func (s *proxySessions) report(w io.Writer, width int) error {
	say := func(format string, args ...any) {
		for _, row := range wrapped(fmt.Sprintf(format, args...), width) {
			fmt.Fprintln(w, row)
		}
	}
	s.mu.Lock()
	paths := make([]string, len(s.paths))
	whose := make(map[string]func() string, len(s.paths))
	for i, l := range s.paths {
		paths[i] = l.path
		whose[l.path] = l.who
	}
	recorded := s.recorded
	failed, noted, incomplete, unsure := maps.Clone(s.failed), maps.Clone(s.noted), s.incomplete, s.unanswered
	byReason := maps.Clone(s.refusedFor)
	unansweredN, unansweredNames := s.unansweredN, slices.Clone(s.unansweredNames)
	type said struct {
		n         int
		path      string
		one, many string
	}
	var folds []said
	for _, fo := range s.early.folds() {
		folds = append(folds, said{fo.f.folded, fo.f.path, fo.kind.one, fo.kind.many})
	}
	s.mu.Unlock()
	// A fold's recording, said above with what it holds, is not listed
	// again below (unless a failure or a caveat is said of it there):
	// "1 session recorded:" named the recording just said, as another.
	foldPaths := map[string]bool{}
	for _, f := range folds {
		if _, why := failed[f.path]; f.n > 0 && f.path != "" && !why && noted[f.path] == "" {
			foldPaths[f.path] = true
		}
	}
	listed := slices.DeleteFunc(slices.Clone(paths), func(p string) bool { return foldPaths[p] })
	others, besides := "", ""
	if len(listed) < len(paths) {
		others, besides = "other ", ", besides the above"
	}
	for _, f := range folds {
		switch {
		case f.n == 1 && f.path != "":
			sayShownBelowIn(w, width, f.one, command.ShellPath(f.path))
		case f.n > 1 && f.path != "":
			sayShownBelowIn(w, width, fmt.Sprintf(f.many, f.n), command.ShellPath(f.path))
		}
	}
	s.sayRefusals(say, byReason)
	if other := byReason[proxy.RefusedOther]; other > 0 {
		what := fmt.Sprintf("%d other requests were", other)
		if other == 1 {
			what = "1 other request was"
		}
		say("%s refused before reaching a client session, so no recording holds them: a page's Origin or a Host that is not local (403), or a body too large or a batch of more than %d messages (413), too slow (408) or broken off (400)", what, proxy.MaxBatchMembers)
	}
	sayUnanswered(say, unansweredN, unansweredNames)
	unrecorded := s.unrecorded.Load()
	if unrecorded > 0 {
		why, _ := s.unrecordedWhy.Load().(string)
		if unrecorded == 1 {
			say("1 session was not recorded: %s", sanitize.Line(why))
		} else {
			say("%d sessions were not recorded; the last because: %s", unrecorded, sanitize.Line(why))
		}
	}
	switch len(paths) {
	case 0:
		if !s.pf.noRecord && unrecorded == 0 {
			say("no client connected: nothing was recorded")
		}
		if unrecorded > 0 {
			return &exitError{exitFailed, nil}
		}
		return nil
	case recorded:
		switch n := len(listed); n {
		case 0:
		case 1:
			say("1 %ssession recorded:", others)
		default:
			say("%d %ssessions recorded:", n, others)
		}
	default:
		sayShownBelowIn(w, width, fmt.Sprintf("%d sessions recorded in", recorded), command.ShellPath(filepath.Dir(paths[0])))
		say("the last %d%s:", len(listed), besides)
	}
	for _, p := range listed {
		// The client first, beside the path: a note can be lines long.
		said := ""
		if who := whose[p]; who != nil {
			said = "(" + sanitize.Line(who()) + ")"
		}
		if why, ok := failed[p]; ok {
			said += " (" + sanitize.Line(why) + ")"
		} else if note, ok := noted[p]; ok {
			said += " (note: " + sanitize.Line(note) + ")"
		}
		sayShownLine(w, width, command.ShellPath(p), strings.TrimSpace(said))
	}
	fmt.Fprintln(w, "  replay one: mcpscope replay FILE")
	if unsure > 0 {
		what := fmt.Sprintf("%d recordings", unsure)
		if unsure == 1 {
			what = "1 recording"
		}
		// Not "as the proxy stopped": a session that ended while the proxy
		// ran, or a disk that stopped answering mid-session (Behind), is
		// counted here too.
		say("%s may be incomplete: the disk did not answer in time, so what reached it is not known", what)
	}
	if incomplete == 0 {
		if unrecorded > 0 || unsure > 0 {
			return &exitError{exitFailed, nil}
		}
		return nil
	}
	what := fmt.Sprintf("%d recordings are", incomplete)
	if incomplete == 1 {
		what = "1 recording is"
	}
	say("%s incomplete: records were not written; each replays up to where it did", what)
	return &exitError{exitFailed, nil}
}

// sayRefusals says how many requests in no session the proxy refused
// with 503 for each reason, and Go's HTTP server itself, in each reason's
// words: a 503 for want of a
// session is cured by a larger --max-sessions, one for want of room for
// a body is not.
func (s *proxySessions) sayRefusals(say func(string, ...any), byReason map[proxy.RefusedFor]int) {
	if busy := byReason[proxy.RefusedBusy]; busy > 0 {
		say("%s refused with 503: every one of the --max-sessions %d client sessions was busy; a larger --max-sessions makes room", requestsWere(busy), s.pf.maxSess)
	}
	if share := byReason[proxy.RefusedShare]; share > 0 {
		// Sessions were free, kept for other clients: a larger
		// --max-sessions only lets the one client open more.
		say("%s refused with 503 for a client holding its share of the sessions (three quarters of --max-sessions %d, none of them idle; the rest are kept for other clients)", requestsWere(share), s.pf.maxSess)
	}
	if room := byReason[proxy.RefusedNoRoom]; room > 0 {
		say("%s refused with 503 for want of room for a body among the client messages the proxy holds at once (four times --max-event-size), none coming free in time; retry once other requests are answered, or restart the proxy with a larger --max-event-size", requestsWere(room))
	}
	if byGo := byReason[proxy.RefusedByServer]; byGo > 0 {
		say("%s refused by Go's HTTP server itself before reaching the proxy (no recording holds such a request): a request line or a header malformed (400), or headers over 1 MB (431)", requestsWere(byGo))
	}
	if stopping := byReason[proxy.RefusedStopping]; stopping > 0 {
		say("%s refused with 503 because the proxy was stopping, and not relayed", requestsWere(stopping))
	}
	if left := byReason[proxy.RefusedLeft]; left > 0 {
		what := fmt.Sprintf("%d requests", left)
		if left == 1 {
			what = "1 request"
		}
		say("%s went unanswered: the client went away while its body waited for room among the client messages the proxy holds", what)
	}
}

// sayUnanswered says how many requests still waited as their sessions
// ended (n), naming the first few (named), in the words a headless line
// says each in.
func sayUnanswered(say func(string, ...any), n int, named []string) {
	if n == 0 {
		return
	}
	what := fmt.Sprintf("%d requests were never answered: each", n)
	if n == 1 {
		what = "1 request was never answered: it"
	}
	list := strings.Join(named, ", ")
	if n > len(named) {
		list += fmt.Sprintf(" and %d more", n-len(named))
	}
	say("%s %s (%s)", what, fmt.Sprintf(stillWaited, "its"), sanitize.Line(list))
}

// requestsWere counts n requests as the report's sentences begin.
func requestsWere(n int) string {
	if n == 1 {
		return "1 request was"
	}
	return fmt.Sprintf("%d requests were", n)
}
