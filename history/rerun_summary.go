package history

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/wrap"
)

// RerunSummary is what a re-run's report says under its results, kept as
// each result is judged: the results themselves are printed as they come
// and let go, so a long recording's re-run does not hold them all.
type RerunSummary struct {
	n           int
	counts      map[Outcome]int
	compared    bool            // an answer was compared (not every request failed)
	matched     map[string]bool // ignore patterns that matched a field of an answer compared
	unreachable bool            // the last result found the server gone
	// errorAnswers and recordedErrorAnswers count the live answers, and
	// the recorded ones, that are JSON-RPC errors.
	errorAnswers, recordedErrorAnswers int
	// probes, ownListens and inputRounds are the recorded requests not
	// re-sent, which mcpscope sessions (REQS) and the status bar count:
	// detection's probes, the listens mcpscope sent of its own, and the
	// later rounds of 2026 multi round-trip requests, which the live
	// session sends as the live server asks.
	probes, ownListens, inputRounds int
	// redirected are a proxied client's messages upstream redirected,
	// re-sent once, as the client sent them where the redirect pointed.
	redirected int
	// proxied says the listens were a proxied client's, not mcpscope's.
	proxied bool
}

// Add counts r among the results.
func (s *RerunSummary) Add(r RerunResult) {
	if s.counts == nil {
		s.counts, s.matched = map[Outcome]int{}, map[string]bool{}
	}
	s.n++
	s.counts[r.Outcome]++
	s.compared = s.compared || r.Compared
	for _, p := range r.Ignored {
		s.matched[p] = true
	}
	s.unreachable = r.Unreachable
	if r.Outcome == OutcomeSame || r.Outcome == OutcomeDifferent {
		// Only the answers compared: a recorded error whose request is
		// missing or failed now, or a live one with no recorded answer,
		// is counted as that, and the line says these are same or
		// different.
		if r.ErrorAnswer {
			s.errorAnswers++
		}
		if r.RecordedErrorAnswer {
			s.recordedErrorAnswers++
		}
	}
}

// NotResent counts the recorded requests a re-run did not re-send, which
// mcpscope sessions (REQS) counts: replay --against --json's "skipped",
// as its count's "not re-sent" line says them.
type NotResent struct {
	DetectionProbes int `json:"detection_probes,omitempty"`
	OwnListens      int `json:"own_listens,omitempty"`
	// InputRounds are a 2026 request's later rounds, sent again with the
	// input its input_required answer asked for: the re-run's result for
	// the first round covers the rounds the live server asks for.
	InputRounds int `json:"input_rounds,omitempty"`
	// Redirected are a proxied client's messages upstream redirected,
	// which the client sent again where the redirect pointed: that copy
	// was re-sent.
	Redirected int `json:"redirected,omitempty"`
}

// NotResent is what the re-run did not re-send.
func (s *RerunSummary) NotResent() NotResent {
	return NotResent{DetectionProbes: s.probes, OwnListens: s.ownListens, InputRounds: s.inputRounds, Redirected: s.redirected}
}

// Len is how many requests were judged.
func (s *RerunSummary) Len() int { return s.n }

// AllSame reports whether every request matched its recording.
func (s *RerunSummary) AllSame() bool { return s.counts[OutcomeSame] == s.n }

// Unreachable reports whether the re-run stopped because the server could
// no longer be reached.
func (s *RerunSummary) Unreachable() bool { return s.unreachable }

// UnmatchedIgnores are the ignore patterns that matched no field of any
// answer compared, in the order given; none when nothing was compared
// (every request failed), which says nothing of the patterns.
func (s *RerunSummary) UnmatchedIgnores(ignore []string) []string {
	if !s.compared {
		return nil
	}
	said := map[string]bool{}
	var out []string
	for _, p := range ignore {
		if !s.matched[p] && !said[p] {
			out = append(out, p)
			said[p] = true // said once
		}
	}
	return out
}

// Counts is the line under a re-run's results that counts them by
// outcome.
func (s *RerunSummary) Counts() string {
	var b strings.Builder
	// "failed", not "errors": the requests that got no answer (the POST
	// refused, the stream gone). "0 errors" under 6 answers that were
	// JSON-RPC errors read as "no errors"; those are counted after it.
	fmt.Fprintf(&b, "%d requests: %d same, %d different, %d missing, %d failed",
		s.n, s.counts[OutcomeSame], s.counts[OutcomeDifferent], s.counts[OutcomeMissing], s.counts[OutcomeError])
	if n := s.counts[OutcomeUnrecorded]; n > 0 {
		fmt.Fprintf(&b, ", %d unrecorded", n)
	}
	if s.errorAnswers > 0 || s.recordedErrorAnswers > 0 {
		said := fmt.Sprintf("%s now (%d in the recording): answers like any other, counted above as same or different, not as failed",
			countOf(s.errorAnswers, "answer is a JSON-RPC error", "answers are JSON-RPC errors"), s.recordedErrorAnswers)
		b.WriteString("\n" + strings.Join(wrap.Words(said, 80), "\n"))
	}
	// The listing counted 5 requests where this said 4, with no word
	// of the one left out.
	var not []string
	if s.probes > 0 {
		not = append(not, countOf(s.probes, "detection probe", "detection probes"))
	}
	if s.ownListens > 0 {
		// A proxy's recording: the client opened them, and calling them
		// mcpscope's own named the wrong sender.
		one, many := "listen of mcpscope's own", "listens of mcpscope's own"
		if s.proxied {
			one, many = "listen the proxied client opened", "listens the proxied client opened"
		}
		not = append(not, countOf(s.ownListens, one, many))
	}
	if s.inputRounds > 0 {
		not = append(not, countOf(s.inputRounds, "round sent again with input", "rounds sent again with input"))
	}
	if s.redirected > 0 {
		not = append(not, countOf(s.redirected, "message upstream redirected (its copy sent where the redirect pointed was re-sent)", "messages upstream redirected (their copies sent where the redirect pointed were re-sent)"))
	}
	if len(not) > 0 {
		// "not re-sent (sessions counts it)" left the user guessing what
		// was left out and why: say they were recorded, which the
		// listing counts, and that the re-run's connection makes its own.
		said := fmt.Sprintf("recorded but not sent again, as the re-run's own connection makes its own (mcpscope sessions counts them): %s", strings.Join(not, ", "))
		b.WriteString("\n" + strings.Join(wrap.Words(said, 80), "\n"))
	}
	b.WriteString("\n")
	return b.String()
}

// countOf is n with its noun, one or many.
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
