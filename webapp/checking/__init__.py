"""Answer checking: the pages a worksheet's QR codes open, one template per puzzle kind."""
