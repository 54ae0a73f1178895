-- Filled by the feature that owns this slot.
SELECT 1;
