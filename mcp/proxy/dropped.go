package proxy

import (
	"maps"
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// cancelledInstead begins the note that supersedes a dropped stream's
// (droppedBy): the client cancelled the request instead of resuming.
const cancelledInstead = "the client cancelled "

// dropped notes that the client closed the resumable answer stream of
// the request at reqSeq (asked names it) before its answer came: its note
// says the request still waits, which a cancel that follows makes untrue
// (cancelling).
func (c *Client) dropped(reqSeq int64, asked string) {
	// A client that drops its answer streams and resumes them, never
	// cancelling, would keep every one for the whole session.
	forgetEnded(c, &c.drops)
	c.mu.Lock()
	c.drops.put(reqSeq, asked)
	c.mu.Unlock()
}

// cancelling logs the client's notifications/cancelled with log and
// returns what log does. A request whose answer stream the client dropped
// (dropped) that the cancel ends gets a note after its dropped stream's,
// which said it still waits: it no longer does, and the client will not
// resume the stream. Only the requests that still waited are looked at;
// the rest ended otherwise (their answer came on the resumed stream) and
// are forgotten.
func (c *Client) cancelling(log func() int64) int64 {
	c.mu.Lock()
	seqs := slices.Sorted(maps.Keys(c.drops.m))
	c.mu.Unlock()
	var waiting []int64
	for _, seq := range seqs {
		if c.obs.Waiting(seq) {
			waiting = append(waiting, seq)
			continue
		}
		c.forgetDrop(seq)
	}
	seq := log()
	for _, w := range waiting {
		if c.obs.Waiting(w) {
			continue
		}
		asked := c.forgetDrop(w)
		c.state(mcp.StateResuming, cancelledInstead+asked+" (notifications/cancelled) after it closed its answer stream: the request no longer waits, and the stream is not resumed")
	}
	return seq
}

// forgetDrop forgets the dropped stream of the request at seq and
// returns what names the request.
func (c *Client) forgetDrop(seq int64) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	asked := c.drops.m[seq]
	delete(c.drops.m, seq)
	return asked
}
