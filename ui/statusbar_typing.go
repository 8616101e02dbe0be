package ui

// drawn is the message the bar draws: none while the command line is
// open and the message was set before it opened. Typing, the user has
// read it already, and the bar beside the line is the session's (the
// protocol version and the counts, which such a message pushed out at
// 80 columns); news while they type, an answer or a refusal, is drawn.
func (s *statusBar) drawn() *statusLine {
	if s.msg == nil || s.msg.id < s.typedFrom {
		return nil
	}
	return s.msg
}

// quietOldStatus marks where the messages set since the command line
// opened begin, and forgets it once the line closes: a message that gave
// way comes back then, while its time lasts. said is the last message id
// before the update that may have opened it: what the key that opened it
// said ("c": the tools are listed once the session is initialized) is
// news.
func (m *Model) quietOldStatus(said int) {
	switch {
	case !m.cmdline.Focused():
		m.status.typedFrom = 0
	case m.status.typedFrom == 0:
		m.status.typedFrom = said + 1
	}
}
