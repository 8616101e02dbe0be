package mcp

import "slices"

// FailBatch ends every request that came in the batch logged with Seq
// batch and still waits for its answer: the POST that carried the batch
// was refused, or its answer ended, so none of them will be answered. Each
// gets an error record of its own, as a request sent alone would, so no
// row of the batch stays pending for good and the pairing forgets them
// (a client sending refused batches of fresh ids would otherwise grow it
// without bound). Each names the batch (ErrorInfo.Batch). A batch of 0 (a
// message sent alone) fails nothing. It returns how many it ended.
func (o *Observer) FailBatch(batch int64, op string, err error) int {
	if batch == 0 {
		return 0
	}
	o.mu.Lock()
	var failed []*pending
	for id, p := range o.client.open {
		if p.batch == batch && o.client.abandon(id, p) {
			failed = append(failed, p)
		}
	}
	o.mu.Unlock()
	// In the order they were sent, not the map's.
	slices.SortFunc(failed, func(a, b *pending) int { return int(a.seq - b.seq) })
	if len(failed) == 0 {
		return 0
	}
	// Made once: a batch at the size limit holds hundreds of thousands
	// of requests, and each record shares its words.
	base := ErrorInfoOf(op, err, 0, 0)
	for _, p := range failed {
		info := *base
		info.ReqSeq, info.Conn, info.Batch = p.seq, p.conn, batch
		o.out.emit(Record{Kind: KindError, Error: &info})
	}
	return len(failed)
}
