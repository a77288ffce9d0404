// Imported first by the scripts that build for real: React (and anything else that reads NODE_ENV when it is
// loaded) then renders in production mode, about twice as fast as development mode with its checks.
process.env.NODE_ENV ??= "production";
