package mcp

// commentRun is the size at which a run of comment lines that no blank
// line has ended is framed as a block of its own. Comment lines are no
// event (SSE readers skip them), so a server that sends keep-alives without
// the blank line after them, for a long time or in a flood, builds no event
// toward --max-event-size and is not held in memory whole.
const commentRun = parserBuffer

// commentRunEnds reports whether the block not yet ended, size bytes at
// the end of a line, holds only comment lines and has grown to commentRun
// (or to half of --max-event-size, when that is smaller): it is framed
// there, and what follows begins the next block.
func (t *sseTap) commentRunEnds(size int) bool {
	limit := commentRun
	if t.max > 0 {
		limit = min(limit, t.max/2)
	}
	// A block past --max-event-size is refused as one, whatever it holds:
	// one comment line that long is framed no sooner.
	return t.hasContent && !t.fields && size >= limit && (t.max <= 0 || size <= t.max)
}

// runPasses reports whether the block not yet ended holds only comment
// lines, run bytes of them within --max-event-size, before a line that
// takes it to size bytes, past that limit. Those comment lines are framed
// then as a block of their own, so no run of lines each within the limit
// ends the stream; a line past the limit by itself is still refused.
func (t *sseTap) runPasses(run, size int) bool {
	return t.max > 0 && t.hasContent && !t.fields && run > 0 && run <= t.max && size > t.max
}

// frameRun frames the comment lines in cur before its unfinished line as a
// block of their own, and keeps that line in cur to begin the next block.
func (t *sseTap) frameRun() {
	line := append([]byte(nil), t.cur[t.lineStart:]...)
	t.cur = t.cur[:t.lineStart]
	t.finishBlock(t.takeCur(), endRun)
	t.cur = line
}

// unfinished is how many bytes of the server's block not yet ended have
// come: the comment runs framed from it (runBefore) and cur. comment
// reports whether they are comment lines and nothing else, the line not
// yet ended included: bytes that came, but no event begun. A server that
// sends keep-alives with no blank line for as long as a request waits
// has sent all of them in one block, not the bytes since the last run
// was framed (none, when a run ended the last read).
func (t *sseTap) unfinished() (n int, comment bool) {
	n = t.runBefore + len(t.cur)
	rest := t.cur[min(t.lineStart, len(t.cur)):]
	if t.fields || !t.hasContent && len(rest) == 0 {
		return n, t.runBefore > 0 && !t.fields && len(t.cur) == 0
	}
	return n, len(rest) == 0 || rest[0] == ':'
}
