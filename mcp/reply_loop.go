package mcp

// replyLoop watches for a server that answers each reply of ours with a
// request of its own: a POST carrying our reply is to be answered 202
// with no body, and mcpscope reads what comes anyway, so one that put its
// next roots/list there had mcpscope answer it, be asked again, and so
// on, its log and memory growing without end at full speed. Past
// maxAskedOnReplies such requests since our last request of our own, the
// rest are not answered, which ends the loop. The Session's mu guards it.
type replyLoop struct {
	replies map[int64]bool // the Seqs of our replies, whose POSTs' answers hold none of the server's requests
	asked   int            // the server's requests on those answers since our last request
}

// maxAskedOnReplies bounds the server's requests answered, in a row, that
// came on the answer to a reply of ours: a real server asks there seldom
// if ever.
const maxAskedOnReplies = 100

// maxReplySeqs bounds the replies remembered: past it the oldest are
// forgotten with the rest, and a loop runs at most maxAskedOnReplies more.
const maxReplySeqs = 4096

// replied remembers our reply logged as seq.
func (l *replyLoop) replied(seq int64) {
	if len(l.replies) >= maxReplySeqs {
		clear(l.replies)
	}
	if l.replies == nil {
		l.replies = map[int64]bool{}
	}
	l.replies[seq] = true
}

// requested starts the count afresh: a request of ours is what a server
// may ask in the course of.
func (l *replyLoop) requested() {
	l.asked = 0
	clear(l.replies)
}

// ask counts a server request that came while during (a Seq) was in
// flight, and reports whether it is to go unanswered: it came on the
// answer to a reply of ours, past maxAskedOnReplies of them in a row.
func (l *replyLoop) ask(during int64) bool {
	if !l.replies[during] {
		return false
	}
	l.asked++
	return l.asked > maxAskedOnReplies
}
