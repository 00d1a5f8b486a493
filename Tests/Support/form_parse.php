<?php
// Router for PHP's built-in server (php -S): answers each POST with what PHP made of its form or multipart body,
// $_POST as JSON, the way every PHP application reads it; and each GET with what it made of the query, $_GET.
header('Content-Type: application/json');
echo json_encode($_SERVER['REQUEST_METHOD'] === 'GET' ? $_GET : $_POST, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
