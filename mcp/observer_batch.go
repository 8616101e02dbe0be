package mcp

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
	// Only the batch's own: a walk of every open request per failure cost
	// each notification a proxy relays the whole of what waits.
	ids, failed := o.client.inBatch(batch)
	for i, p := range failed {
		o.client.abandon(ids[i], p)
	}
	o.mu.Unlock()
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
