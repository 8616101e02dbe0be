package history

import "time"

// LastWritten is the recording of infos (a listing of recordings, as
// Recordings gives) written to last: the one whose last record is the
// newest, what replay last and export last take. The newest start was
// taken before, so an exec run while a TUI session was open became last
// in place of the session the user had just quit. Of two that ended
// together, the one List shows first. ok is false when infos is empty.
func LastWritten(infos []SessionInfo) (last SessionInfo, ok bool) {
	for i, s := range infos {
		if i == 0 || s.Ended().After(last.Ended()) {
			last = s
		}
	}
	return last, len(infos) > 0
}

// Ended is when the recording's last record was written: its start when
// its length cannot be told (SessionInfo.Duration is 0).
func (s SessionInfo) Ended() time.Time { return s.Started.Add(s.Duration) }
