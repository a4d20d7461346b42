package folder

// ConsumedThere is how many files of a processed step the load found in
// the journal's record (missingConsumed's count).
func ConsumedThere(f *Folder) int { return f.consumedThere }
