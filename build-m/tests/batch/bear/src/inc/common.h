#pragma once
// Shared by the sources of the hand-written compilation database.
#define BATCH_SCALE 3
