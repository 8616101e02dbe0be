package ui

import "time"

// heldTry is a stream's word of a try to come — the GET or listen
// stream's next try (streamTries), a legacy reconnect's next attempt
// (Model.heldReconnect) — not said over what became of the user's own
// request (statusLine.yours), and said once that message ends unless the
// stream said something newer meanwhile. With the server gone, l's
// "failed: connection refused" stood less than a second under the GET
// stream's next "trying again", and l's "not sent, the stream is
// reconnecting" under 2 s under "attempt 3 of 5".
type heldTry struct {
	text string
	// at is when text was held back, and wait the wait it names
	// (mcp.StateChange.WaitFor; 0: none): said later, that wait is what
	// is left of it then (waitLeft). "trying again in 8s" came 12 s late.
	at   time.Time
	wait time.Duration
}

// hold holds text back at now; wait is the try's wait text names.
func (h *heldTry) hold(text string, now time.Time, wait time.Duration) {
	*h = heldTry{text: text, at: now, wait: wait}
}

// drop forgets what was held: the stream said what is so now.
func (h *heldTry) drop() { *h = heldTry{} }

// holding reports whether a try is held back.
func (h *heldTry) holding() bool { return h.text != "" }

// take returns what was held, its wait cut to what is left of it at now,
// and drops it ("" when nothing was held).
func (h *heldTry) take(now time.Time) string {
	text := waitLeft(h.text, h.wait, now.Sub(h.at))
	h.drop()
	return text
}
