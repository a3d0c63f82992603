// The preview server arrives with 'paywall serve'.
