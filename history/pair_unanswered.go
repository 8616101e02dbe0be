package history

import "time"

// Unanswered is how long a request that got no answer waited until it
// ended, cancelled or timed out, and the word for that end ("cancelled",
// "timed out"); 0 and "" for a request answered, still waiting, ended
// another way, or whose end has no time. A row with no answer showed "–"
// for its time, where how long it ran before it was given up on is what
// a user looking at a slow tool wants.
func (p *Pair) Unanswered() (time.Duration, string) {
	if p.Latency > 0 || p.Failure == nil || p.Sent.IsZero() || p.Method == ListenMethod {
		return 0, ""
	}
	ran := p.Failure.Time.Sub(p.Sent)
	if ran <= 0 {
		return 0, ""
	}
	switch p.State {
	case StateCancelled:
		return ran, "cancelled"
	case StateTimedOut:
		return ran, "timed out"
	}
	return 0, ""
}

// UnansweredWords is Unanswered in words, the time as format writes it:
// "cancelled after 2.1s, no answer"; "" for a request not given up on so.
// The TUI's Detail and the export say it alike, each in its own units.
func (p *Pair) UnansweredWords(format func(time.Duration) string) string {
	ran, end := p.Unanswered()
	if ran <= 0 {
		return ""
	}
	return end + " after " + format(ran) + ", no answer"
}
