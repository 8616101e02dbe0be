package history

// cancelsSent are the ids (their JSON) of the requests a
// notifications/cancelled sent to the server named.
func cancelsSent(log *Log) map[string]bool {
	ids := map[string]bool{}
	for i := 0; i < log.PairCount(); i++ {
		p := log.Pair(i)
		if p.Kind != KindNotificationOut || p.Method != "notifications/cancelled" || p.Request == nil || p.Request.RPC == nil {
			continue
		}
		if w, ok := ReadNoteOf(p.Request.RPC); ok {
			ids[w.Cancelled] = true
		}
	}
	return ids
}
