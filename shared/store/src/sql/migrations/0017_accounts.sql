-- (reserved: written with its engine)
SELECT 1;
