; PASSES: corecl-split-huge-blocks
; A block longer than 500 instructions is cut into pieces of 500, each
; ending in a branch on an opaque inline-asm value to the next piece (once
; through a block holding an empty inline asm), so that code generation
; cannot merge them back;
; values flow on unchanged and the phi after the block names the last
; piece. Shorter blocks are left alone: pieces of 250 cut a region packet's
; row in XgemmDirect in two, and MachineSink then moved the multiply-adds
; of the first piece into the second, leaving its loads behind, every one
; of them live (and spilled) across the cut.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @long_block(
; CHECK: entry:
; CHECK-COUNT-500: {{^  %v[0-9]+ = }}
; CHECK-NEXT: [[U:%.*]] = call i32 asm sideeffect "", "=r"()
; CHECK-NEXT: [[C:%.*]] = icmp eq i32 [[U]], 0
; CHECK-NEXT: br i1 [[C]], label %[[P1:piece[0-9]*]], label %[[D1:[0-9]+]]
; CHECK: [[D1]]:
; CHECK-NEXT: call void asm sideeffect "", ""()
; CHECK-NEXT: br label %[[P1]]
; CHECK: [[P1]]:
; CHECK-COUNT-500: {{^  %v[0-9]+ = }}
; CHECK-NEXT: call i32 asm sideeffect "", "=r"()
; CHECK: [[P2:piece[0-9]*]]:
; CHECK-COUNT-100: {{^  %v[0-9]+ = }}
; CHECK-NEXT: br i1 %c, label %then, label %join
; CHECK: join:
; CHECK-NEXT: phi i32 [ %v1099, %[[P2]] ], [ 0, %then ]
define i32 @long_block(i32 %x, i1 %c) {
entry:
  %v0 = add i32 %x, 1
  %v1 = add i32 %v0, 2
  %v2 = add i32 %v1, 3
  %v3 = add i32 %v2, 4
  %v4 = add i32 %v3, 5
  %v5 = add i32 %v4, 6
  %v6 = add i32 %v5, 7
  %v7 = add i32 %v6, 8
  %v8 = add i32 %v7, 9
  %v9 = add i32 %v8, 10
  %v10 = add i32 %v9, 11
  %v11 = add i32 %v10, 12
  %v12 = add i32 %v11, 13
  %v13 = add i32 %v12, 14
  %v14 = add i32 %v13, 15
  %v15 = add i32 %v14, 16
  %v16 = add i32 %v15, 17
  %v17 = add i32 %v16, 18
  %v18 = add i32 %v17, 19
  %v19 = add i32 %v18, 20
  %v20 = add i32 %v19, 21
  %v21 = add i32 %v20, 22
  %v22 = add i32 %v21, 23
  %v23 = add i32 %v22, 24
  %v24 = add i32 %v23, 25
  %v25 = add i32 %v24, 26
  %v26 = add i32 %v25, 27
  %v27 = add i32 %v26, 28
  %v28 = add i32 %v27, 29
  %v29 = add i32 %v28, 30
  %v30 = add i32 %v29, 31
  %v31 = add i32 %v30, 32
  %v32 = add i32 %v31, 33
  %v33 = add i32 %v32, 34
  %v34 = add i32 %v33, 35
  %v35 = add i32 %v34, 36
  %v36 = add i32 %v35, 37
  %v37 = add i32 %v36, 38
  %v38 = add i32 %v37, 39
  %v39 = add i32 %v38, 40
  %v40 = add i32 %v39, 41
  %v41 = add i32 %v40, 42
  %v42 = add i32 %v41, 43
  %v43 = add i32 %v42, 44
  %v44 = add i32 %v43, 45
  %v45 = add i32 %v44, 46
  %v46 = add i32 %v45, 47
  %v47 = add i32 %v46, 48
  %v48 = add i32 %v47, 49
  %v49 = add i32 %v48, 50
  %v50 = add i32 %v49, 51
  %v51 = add i32 %v50, 52
  %v52 = add i32 %v51, 53
  %v53 = add i32 %v52, 54
  %v54 = add i32 %v53, 55
  %v55 = add i32 %v54, 56
  %v56 = add i32 %v55, 57
  %v57 = add i32 %v56, 58
  %v58 = add i32 %v57, 59
  %v59 = add i32 %v58, 60
  %v60 = add i32 %v59, 61
  %v61 = add i32 %v60, 62
  %v62 = add i32 %v61, 63
  %v63 = add i32 %v62, 64
  %v64 = add i32 %v63, 65
  %v65 = add i32 %v64, 66
  %v66 = add i32 %v65, 67
  %v67 = add i32 %v66, 68
  %v68 = add i32 %v67, 69
  %v69 = add i32 %v68, 70
  %v70 = add i32 %v69, 71
  %v71 = add i32 %v70, 72
  %v72 = add i32 %v71, 73
  %v73 = add i32 %v72, 74
  %v74 = add i32 %v73, 75
  %v75 = add i32 %v74, 76
  %v76 = add i32 %v75, 77
  %v77 = add i32 %v76, 78
  %v78 = add i32 %v77, 79
  %v79 = add i32 %v78, 80
  %v80 = add i32 %v79, 81
  %v81 = add i32 %v80, 82
  %v82 = add i32 %v81, 83
  %v83 = add i32 %v82, 84
  %v84 = add i32 %v83, 85
  %v85 = add i32 %v84, 86
  %v86 = add i32 %v85, 87
  %v87 = add i32 %v86, 88
  %v88 = add i32 %v87, 89
  %v89 = add i32 %v88, 90
  %v90 = add i32 %v89, 91
  %v91 = add i32 %v90, 92
  %v92 = add i32 %v91, 93
  %v93 = add i32 %v92, 94
  %v94 = add i32 %v93, 95
  %v95 = add i32 %v94, 96
  %v96 = add i32 %v95, 97
  %v97 = add i32 %v96, 98
  %v98 = add i32 %v97, 99
  %v99 = add i32 %v98, 100
  %v100 = add i32 %v99, 101
  %v101 = add i32 %v100, 102
  %v102 = add i32 %v101, 103
  %v103 = add i32 %v102, 104
  %v104 = add i32 %v103, 105
  %v105 = add i32 %v104, 106
  %v106 = add i32 %v105, 107
  %v107 = add i32 %v106, 108
  %v108 = add i32 %v107, 109
  %v109 = add i32 %v108, 110
  %v110 = add i32 %v109, 111
  %v111 = add i32 %v110, 112
  %v112 = add i32 %v111, 113
  %v113 = add i32 %v112, 114
  %v114 = add i32 %v113, 115
  %v115 = add i32 %v114, 116
  %v116 = add i32 %v115, 117
  %v117 = add i32 %v116, 118
  %v118 = add i32 %v117, 119
  %v119 = add i32 %v118, 120
  %v120 = add i32 %v119, 121
  %v121 = add i32 %v120, 122
  %v122 = add i32 %v121, 123
  %v123 = add i32 %v122, 124
  %v124 = add i32 %v123, 125
  %v125 = add i32 %v124, 126
  %v126 = add i32 %v125, 127
  %v127 = add i32 %v126, 128
  %v128 = add i32 %v127, 129
  %v129 = add i32 %v128, 130
  %v130 = add i32 %v129, 131
  %v131 = add i32 %v130, 132
  %v132 = add i32 %v131, 133
  %v133 = add i32 %v132, 134
  %v134 = add i32 %v133, 135
  %v135 = add i32 %v134, 136
  %v136 = add i32 %v135, 137
  %v137 = add i32 %v136, 138
  %v138 = add i32 %v137, 139
  %v139 = add i32 %v138, 140
  %v140 = add i32 %v139, 141
  %v141 = add i32 %v140, 142
  %v142 = add i32 %v141, 143
  %v143 = add i32 %v142, 144
  %v144 = add i32 %v143, 145
  %v145 = add i32 %v144, 146
  %v146 = add i32 %v145, 147
  %v147 = add i32 %v146, 148
  %v148 = add i32 %v147, 149
  %v149 = add i32 %v148, 150
  %v150 = add i32 %v149, 151
  %v151 = add i32 %v150, 152
  %v152 = add i32 %v151, 153
  %v153 = add i32 %v152, 154
  %v154 = add i32 %v153, 155
  %v155 = add i32 %v154, 156
  %v156 = add i32 %v155, 157
  %v157 = add i32 %v156, 158
  %v158 = add i32 %v157, 159
  %v159 = add i32 %v158, 160
  %v160 = add i32 %v159, 161
  %v161 = add i32 %v160, 162
  %v162 = add i32 %v161, 163
  %v163 = add i32 %v162, 164
  %v164 = add i32 %v163, 165
  %v165 = add i32 %v164, 166
  %v166 = add i32 %v165, 167
  %v167 = add i32 %v166, 168
  %v168 = add i32 %v167, 169
  %v169 = add i32 %v168, 170
  %v170 = add i32 %v169, 171
  %v171 = add i32 %v170, 172
  %v172 = add i32 %v171, 173
  %v173 = add i32 %v172, 174
  %v174 = add i32 %v173, 175
  %v175 = add i32 %v174, 176
  %v176 = add i32 %v175, 177
  %v177 = add i32 %v176, 178
  %v178 = add i32 %v177, 179
  %v179 = add i32 %v178, 180
  %v180 = add i32 %v179, 181
  %v181 = add i32 %v180, 182
  %v182 = add i32 %v181, 183
  %v183 = add i32 %v182, 184
  %v184 = add i32 %v183, 185
  %v185 = add i32 %v184, 186
  %v186 = add i32 %v185, 187
  %v187 = add i32 %v186, 188
  %v188 = add i32 %v187, 189
  %v189 = add i32 %v188, 190
  %v190 = add i32 %v189, 191
  %v191 = add i32 %v190, 192
  %v192 = add i32 %v191, 193
  %v193 = add i32 %v192, 194
  %v194 = add i32 %v193, 195
  %v195 = add i32 %v194, 196
  %v196 = add i32 %v195, 197
  %v197 = add i32 %v196, 198
  %v198 = add i32 %v197, 199
  %v199 = add i32 %v198, 200
  %v200 = add i32 %v199, 201
  %v201 = add i32 %v200, 202
  %v202 = add i32 %v201, 203
  %v203 = add i32 %v202, 204
  %v204 = add i32 %v203, 205
  %v205 = add i32 %v204, 206
  %v206 = add i32 %v205, 207
  %v207 = add i32 %v206, 208
  %v208 = add i32 %v207, 209
  %v209 = add i32 %v208, 210
  %v210 = add i32 %v209, 211
  %v211 = add i32 %v210, 212
  %v212 = add i32 %v211, 213
  %v213 = add i32 %v212, 214
  %v214 = add i32 %v213, 215
  %v215 = add i32 %v214, 216
  %v216 = add i32 %v215, 217
  %v217 = add i32 %v216, 218
  %v218 = add i32 %v217, 219
  %v219 = add i32 %v218, 220
  %v220 = add i32 %v219, 221
  %v221 = add i32 %v220, 222
  %v222 = add i32 %v221, 223
  %v223 = add i32 %v222, 224
  %v224 = add i32 %v223, 225
  %v225 = add i32 %v224, 226
  %v226 = add i32 %v225, 227
  %v227 = add i32 %v226, 228
  %v228 = add i32 %v227, 229
  %v229 = add i32 %v228, 230
  %v230 = add i32 %v229, 231
  %v231 = add i32 %v230, 232
  %v232 = add i32 %v231, 233
  %v233 = add i32 %v232, 234
  %v234 = add i32 %v233, 235
  %v235 = add i32 %v234, 236
  %v236 = add i32 %v235, 237
  %v237 = add i32 %v236, 238
  %v238 = add i32 %v237, 239
  %v239 = add i32 %v238, 240
  %v240 = add i32 %v239, 241
  %v241 = add i32 %v240, 242
  %v242 = add i32 %v241, 243
  %v243 = add i32 %v242, 244
  %v244 = add i32 %v243, 245
  %v245 = add i32 %v244, 246
  %v246 = add i32 %v245, 247
  %v247 = add i32 %v246, 248
  %v248 = add i32 %v247, 249
  %v249 = add i32 %v248, 250
  %v250 = add i32 %v249, 251
  %v251 = add i32 %v250, 252
  %v252 = add i32 %v251, 253
  %v253 = add i32 %v252, 254
  %v254 = add i32 %v253, 255
  %v255 = add i32 %v254, 256
  %v256 = add i32 %v255, 257
  %v257 = add i32 %v256, 258
  %v258 = add i32 %v257, 259
  %v259 = add i32 %v258, 260
  %v260 = add i32 %v259, 261
  %v261 = add i32 %v260, 262
  %v262 = add i32 %v261, 263
  %v263 = add i32 %v262, 264
  %v264 = add i32 %v263, 265
  %v265 = add i32 %v264, 266
  %v266 = add i32 %v265, 267
  %v267 = add i32 %v266, 268
  %v268 = add i32 %v267, 269
  %v269 = add i32 %v268, 270
  %v270 = add i32 %v269, 271
  %v271 = add i32 %v270, 272
  %v272 = add i32 %v271, 273
  %v273 = add i32 %v272, 274
  %v274 = add i32 %v273, 275
  %v275 = add i32 %v274, 276
  %v276 = add i32 %v275, 277
  %v277 = add i32 %v276, 278
  %v278 = add i32 %v277, 279
  %v279 = add i32 %v278, 280
  %v280 = add i32 %v279, 281
  %v281 = add i32 %v280, 282
  %v282 = add i32 %v281, 283
  %v283 = add i32 %v282, 284
  %v284 = add i32 %v283, 285
  %v285 = add i32 %v284, 286
  %v286 = add i32 %v285, 287
  %v287 = add i32 %v286, 288
  %v288 = add i32 %v287, 289
  %v289 = add i32 %v288, 290
  %v290 = add i32 %v289, 291
  %v291 = add i32 %v290, 292
  %v292 = add i32 %v291, 293
  %v293 = add i32 %v292, 294
  %v294 = add i32 %v293, 295
  %v295 = add i32 %v294, 296
  %v296 = add i32 %v295, 297
  %v297 = add i32 %v296, 298
  %v298 = add i32 %v297, 299
  %v299 = add i32 %v298, 300
  %v300 = add i32 %v299, 301
  %v301 = add i32 %v300, 302
  %v302 = add i32 %v301, 303
  %v303 = add i32 %v302, 304
  %v304 = add i32 %v303, 305
  %v305 = add i32 %v304, 306
  %v306 = add i32 %v305, 307
  %v307 = add i32 %v306, 308
  %v308 = add i32 %v307, 309
  %v309 = add i32 %v308, 310
  %v310 = add i32 %v309, 311
  %v311 = add i32 %v310, 312
  %v312 = add i32 %v311, 313
  %v313 = add i32 %v312, 314
  %v314 = add i32 %v313, 315
  %v315 = add i32 %v314, 316
  %v316 = add i32 %v315, 317
  %v317 = add i32 %v316, 318
  %v318 = add i32 %v317, 319
  %v319 = add i32 %v318, 320
  %v320 = add i32 %v319, 321
  %v321 = add i32 %v320, 322
  %v322 = add i32 %v321, 323
  %v323 = add i32 %v322, 324
  %v324 = add i32 %v323, 325
  %v325 = add i32 %v324, 326
  %v326 = add i32 %v325, 327
  %v327 = add i32 %v326, 328
  %v328 = add i32 %v327, 329
  %v329 = add i32 %v328, 330
  %v330 = add i32 %v329, 331
  %v331 = add i32 %v330, 332
  %v332 = add i32 %v331, 333
  %v333 = add i32 %v332, 334
  %v334 = add i32 %v333, 335
  %v335 = add i32 %v334, 336
  %v336 = add i32 %v335, 337
  %v337 = add i32 %v336, 338
  %v338 = add i32 %v337, 339
  %v339 = add i32 %v338, 340
  %v340 = add i32 %v339, 341
  %v341 = add i32 %v340, 342
  %v342 = add i32 %v341, 343
  %v343 = add i32 %v342, 344
  %v344 = add i32 %v343, 345
  %v345 = add i32 %v344, 346
  %v346 = add i32 %v345, 347
  %v347 = add i32 %v346, 348
  %v348 = add i32 %v347, 349
  %v349 = add i32 %v348, 350
  %v350 = add i32 %v349, 351
  %v351 = add i32 %v350, 352
  %v352 = add i32 %v351, 353
  %v353 = add i32 %v352, 354
  %v354 = add i32 %v353, 355
  %v355 = add i32 %v354, 356
  %v356 = add i32 %v355, 357
  %v357 = add i32 %v356, 358
  %v358 = add i32 %v357, 359
  %v359 = add i32 %v358, 360
  %v360 = add i32 %v359, 361
  %v361 = add i32 %v360, 362
  %v362 = add i32 %v361, 363
  %v363 = add i32 %v362, 364
  %v364 = add i32 %v363, 365
  %v365 = add i32 %v364, 366
  %v366 = add i32 %v365, 367
  %v367 = add i32 %v366, 368
  %v368 = add i32 %v367, 369
  %v369 = add i32 %v368, 370
  %v370 = add i32 %v369, 371
  %v371 = add i32 %v370, 372
  %v372 = add i32 %v371, 373
  %v373 = add i32 %v372, 374
  %v374 = add i32 %v373, 375
  %v375 = add i32 %v374, 376
  %v376 = add i32 %v375, 377
  %v377 = add i32 %v376, 378
  %v378 = add i32 %v377, 379
  %v379 = add i32 %v378, 380
  %v380 = add i32 %v379, 381
  %v381 = add i32 %v380, 382
  %v382 = add i32 %v381, 383
  %v383 = add i32 %v382, 384
  %v384 = add i32 %v383, 385
  %v385 = add i32 %v384, 386
  %v386 = add i32 %v385, 387
  %v387 = add i32 %v386, 388
  %v388 = add i32 %v387, 389
  %v389 = add i32 %v388, 390
  %v390 = add i32 %v389, 391
  %v391 = add i32 %v390, 392
  %v392 = add i32 %v391, 393
  %v393 = add i32 %v392, 394
  %v394 = add i32 %v393, 395
  %v395 = add i32 %v394, 396
  %v396 = add i32 %v395, 397
  %v397 = add i32 %v396, 398
  %v398 = add i32 %v397, 399
  %v399 = add i32 %v398, 400
  %v400 = add i32 %v399, 401
  %v401 = add i32 %v400, 402
  %v402 = add i32 %v401, 403
  %v403 = add i32 %v402, 404
  %v404 = add i32 %v403, 405
  %v405 = add i32 %v404, 406
  %v406 = add i32 %v405, 407
  %v407 = add i32 %v406, 408
  %v408 = add i32 %v407, 409
  %v409 = add i32 %v408, 410
  %v410 = add i32 %v409, 411
  %v411 = add i32 %v410, 412
  %v412 = add i32 %v411, 413
  %v413 = add i32 %v412, 414
  %v414 = add i32 %v413, 415
  %v415 = add i32 %v414, 416
  %v416 = add i32 %v415, 417
  %v417 = add i32 %v416, 418
  %v418 = add i32 %v417, 419
  %v419 = add i32 %v418, 420
  %v420 = add i32 %v419, 421
  %v421 = add i32 %v420, 422
  %v422 = add i32 %v421, 423
  %v423 = add i32 %v422, 424
  %v424 = add i32 %v423, 425
  %v425 = add i32 %v424, 426
  %v426 = add i32 %v425, 427
  %v427 = add i32 %v426, 428
  %v428 = add i32 %v427, 429
  %v429 = add i32 %v428, 430
  %v430 = add i32 %v429, 431
  %v431 = add i32 %v430, 432
  %v432 = add i32 %v431, 433
  %v433 = add i32 %v432, 434
  %v434 = add i32 %v433, 435
  %v435 = add i32 %v434, 436
  %v436 = add i32 %v435, 437
  %v437 = add i32 %v436, 438
  %v438 = add i32 %v437, 439
  %v439 = add i32 %v438, 440
  %v440 = add i32 %v439, 441
  %v441 = add i32 %v440, 442
  %v442 = add i32 %v441, 443
  %v443 = add i32 %v442, 444
  %v444 = add i32 %v443, 445
  %v445 = add i32 %v444, 446
  %v446 = add i32 %v445, 447
  %v447 = add i32 %v446, 448
  %v448 = add i32 %v447, 449
  %v449 = add i32 %v448, 450
  %v450 = add i32 %v449, 451
  %v451 = add i32 %v450, 452
  %v452 = add i32 %v451, 453
  %v453 = add i32 %v452, 454
  %v454 = add i32 %v453, 455
  %v455 = add i32 %v454, 456
  %v456 = add i32 %v455, 457
  %v457 = add i32 %v456, 458
  %v458 = add i32 %v457, 459
  %v459 = add i32 %v458, 460
  %v460 = add i32 %v459, 461
  %v461 = add i32 %v460, 462
  %v462 = add i32 %v461, 463
  %v463 = add i32 %v462, 464
  %v464 = add i32 %v463, 465
  %v465 = add i32 %v464, 466
  %v466 = add i32 %v465, 467
  %v467 = add i32 %v466, 468
  %v468 = add i32 %v467, 469
  %v469 = add i32 %v468, 470
  %v470 = add i32 %v469, 471
  %v471 = add i32 %v470, 472
  %v472 = add i32 %v471, 473
  %v473 = add i32 %v472, 474
  %v474 = add i32 %v473, 475
  %v475 = add i32 %v474, 476
  %v476 = add i32 %v475, 477
  %v477 = add i32 %v476, 478
  %v478 = add i32 %v477, 479
  %v479 = add i32 %v478, 480
  %v480 = add i32 %v479, 481
  %v481 = add i32 %v480, 482
  %v482 = add i32 %v481, 483
  %v483 = add i32 %v482, 484
  %v484 = add i32 %v483, 485
  %v485 = add i32 %v484, 486
  %v486 = add i32 %v485, 487
  %v487 = add i32 %v486, 488
  %v488 = add i32 %v487, 489
  %v489 = add i32 %v488, 490
  %v490 = add i32 %v489, 491
  %v491 = add i32 %v490, 492
  %v492 = add i32 %v491, 493
  %v493 = add i32 %v492, 494
  %v494 = add i32 %v493, 495
  %v495 = add i32 %v494, 496
  %v496 = add i32 %v495, 497
  %v497 = add i32 %v496, 498
  %v498 = add i32 %v497, 499
  %v499 = add i32 %v498, 500
  %v500 = add i32 %v499, 501
  %v501 = add i32 %v500, 502
  %v502 = add i32 %v501, 503
  %v503 = add i32 %v502, 504
  %v504 = add i32 %v503, 505
  %v505 = add i32 %v504, 506
  %v506 = add i32 %v505, 507
  %v507 = add i32 %v506, 508
  %v508 = add i32 %v507, 509
  %v509 = add i32 %v508, 510
  %v510 = add i32 %v509, 511
  %v511 = add i32 %v510, 512
  %v512 = add i32 %v511, 513
  %v513 = add i32 %v512, 514
  %v514 = add i32 %v513, 515
  %v515 = add i32 %v514, 516
  %v516 = add i32 %v515, 517
  %v517 = add i32 %v516, 518
  %v518 = add i32 %v517, 519
  %v519 = add i32 %v518, 520
  %v520 = add i32 %v519, 521
  %v521 = add i32 %v520, 522
  %v522 = add i32 %v521, 523
  %v523 = add i32 %v522, 524
  %v524 = add i32 %v523, 525
  %v525 = add i32 %v524, 526
  %v526 = add i32 %v525, 527
  %v527 = add i32 %v526, 528
  %v528 = add i32 %v527, 529
  %v529 = add i32 %v528, 530
  %v530 = add i32 %v529, 531
  %v531 = add i32 %v530, 532
  %v532 = add i32 %v531, 533
  %v533 = add i32 %v532, 534
  %v534 = add i32 %v533, 535
  %v535 = add i32 %v534, 536
  %v536 = add i32 %v535, 537
  %v537 = add i32 %v536, 538
  %v538 = add i32 %v537, 539
  %v539 = add i32 %v538, 540
  %v540 = add i32 %v539, 541
  %v541 = add i32 %v540, 542
  %v542 = add i32 %v541, 543
  %v543 = add i32 %v542, 544
  %v544 = add i32 %v543, 545
  %v545 = add i32 %v544, 546
  %v546 = add i32 %v545, 547
  %v547 = add i32 %v546, 548
  %v548 = add i32 %v547, 549
  %v549 = add i32 %v548, 550
  %v550 = add i32 %v549, 551
  %v551 = add i32 %v550, 552
  %v552 = add i32 %v551, 553
  %v553 = add i32 %v552, 554
  %v554 = add i32 %v553, 555
  %v555 = add i32 %v554, 556
  %v556 = add i32 %v555, 557
  %v557 = add i32 %v556, 558
  %v558 = add i32 %v557, 559
  %v559 = add i32 %v558, 560
  %v560 = add i32 %v559, 561
  %v561 = add i32 %v560, 562
  %v562 = add i32 %v561, 563
  %v563 = add i32 %v562, 564
  %v564 = add i32 %v563, 565
  %v565 = add i32 %v564, 566
  %v566 = add i32 %v565, 567
  %v567 = add i32 %v566, 568
  %v568 = add i32 %v567, 569
  %v569 = add i32 %v568, 570
  %v570 = add i32 %v569, 571
  %v571 = add i32 %v570, 572
  %v572 = add i32 %v571, 573
  %v573 = add i32 %v572, 574
  %v574 = add i32 %v573, 575
  %v575 = add i32 %v574, 576
  %v576 = add i32 %v575, 577
  %v577 = add i32 %v576, 578
  %v578 = add i32 %v577, 579
  %v579 = add i32 %v578, 580
  %v580 = add i32 %v579, 581
  %v581 = add i32 %v580, 582
  %v582 = add i32 %v581, 583
  %v583 = add i32 %v582, 584
  %v584 = add i32 %v583, 585
  %v585 = add i32 %v584, 586
  %v586 = add i32 %v585, 587
  %v587 = add i32 %v586, 588
  %v588 = add i32 %v587, 589
  %v589 = add i32 %v588, 590
  %v590 = add i32 %v589, 591
  %v591 = add i32 %v590, 592
  %v592 = add i32 %v591, 593
  %v593 = add i32 %v592, 594
  %v594 = add i32 %v593, 595
  %v595 = add i32 %v594, 596
  %v596 = add i32 %v595, 597
  %v597 = add i32 %v596, 598
  %v598 = add i32 %v597, 599
  %v599 = add i32 %v598, 600
  %v600 = add i32 %v599, 601
  %v601 = add i32 %v600, 602
  %v602 = add i32 %v601, 603
  %v603 = add i32 %v602, 604
  %v604 = add i32 %v603, 605
  %v605 = add i32 %v604, 606
  %v606 = add i32 %v605, 607
  %v607 = add i32 %v606, 608
  %v608 = add i32 %v607, 609
  %v609 = add i32 %v608, 610
  %v610 = add i32 %v609, 611
  %v611 = add i32 %v610, 612
  %v612 = add i32 %v611, 613
  %v613 = add i32 %v612, 614
  %v614 = add i32 %v613, 615
  %v615 = add i32 %v614, 616
  %v616 = add i32 %v615, 617
  %v617 = add i32 %v616, 618
  %v618 = add i32 %v617, 619
  %v619 = add i32 %v618, 620
  %v620 = add i32 %v619, 621
  %v621 = add i32 %v620, 622
  %v622 = add i32 %v621, 623
  %v623 = add i32 %v622, 624
  %v624 = add i32 %v623, 625
  %v625 = add i32 %v624, 626
  %v626 = add i32 %v625, 627
  %v627 = add i32 %v626, 628
  %v628 = add i32 %v627, 629
  %v629 = add i32 %v628, 630
  %v630 = add i32 %v629, 631
  %v631 = add i32 %v630, 632
  %v632 = add i32 %v631, 633
  %v633 = add i32 %v632, 634
  %v634 = add i32 %v633, 635
  %v635 = add i32 %v634, 636
  %v636 = add i32 %v635, 637
  %v637 = add i32 %v636, 638
  %v638 = add i32 %v637, 639
  %v639 = add i32 %v638, 640
  %v640 = add i32 %v639, 641
  %v641 = add i32 %v640, 642
  %v642 = add i32 %v641, 643
  %v643 = add i32 %v642, 644
  %v644 = add i32 %v643, 645
  %v645 = add i32 %v644, 646
  %v646 = add i32 %v645, 647
  %v647 = add i32 %v646, 648
  %v648 = add i32 %v647, 649
  %v649 = add i32 %v648, 650
  %v650 = add i32 %v649, 651
  %v651 = add i32 %v650, 652
  %v652 = add i32 %v651, 653
  %v653 = add i32 %v652, 654
  %v654 = add i32 %v653, 655
  %v655 = add i32 %v654, 656
  %v656 = add i32 %v655, 657
  %v657 = add i32 %v656, 658
  %v658 = add i32 %v657, 659
  %v659 = add i32 %v658, 660
  %v660 = add i32 %v659, 661
  %v661 = add i32 %v660, 662
  %v662 = add i32 %v661, 663
  %v663 = add i32 %v662, 664
  %v664 = add i32 %v663, 665
  %v665 = add i32 %v664, 666
  %v666 = add i32 %v665, 667
  %v667 = add i32 %v666, 668
  %v668 = add i32 %v667, 669
  %v669 = add i32 %v668, 670
  %v670 = add i32 %v669, 671
  %v671 = add i32 %v670, 672
  %v672 = add i32 %v671, 673
  %v673 = add i32 %v672, 674
  %v674 = add i32 %v673, 675
  %v675 = add i32 %v674, 676
  %v676 = add i32 %v675, 677
  %v677 = add i32 %v676, 678
  %v678 = add i32 %v677, 679
  %v679 = add i32 %v678, 680
  %v680 = add i32 %v679, 681
  %v681 = add i32 %v680, 682
  %v682 = add i32 %v681, 683
  %v683 = add i32 %v682, 684
  %v684 = add i32 %v683, 685
  %v685 = add i32 %v684, 686
  %v686 = add i32 %v685, 687
  %v687 = add i32 %v686, 688
  %v688 = add i32 %v687, 689
  %v689 = add i32 %v688, 690
  %v690 = add i32 %v689, 691
  %v691 = add i32 %v690, 692
  %v692 = add i32 %v691, 693
  %v693 = add i32 %v692, 694
  %v694 = add i32 %v693, 695
  %v695 = add i32 %v694, 696
  %v696 = add i32 %v695, 697
  %v697 = add i32 %v696, 698
  %v698 = add i32 %v697, 699
  %v699 = add i32 %v698, 700
  %v700 = add i32 %v699, 701
  %v701 = add i32 %v700, 702
  %v702 = add i32 %v701, 703
  %v703 = add i32 %v702, 704
  %v704 = add i32 %v703, 705
  %v705 = add i32 %v704, 706
  %v706 = add i32 %v705, 707
  %v707 = add i32 %v706, 708
  %v708 = add i32 %v707, 709
  %v709 = add i32 %v708, 710
  %v710 = add i32 %v709, 711
  %v711 = add i32 %v710, 712
  %v712 = add i32 %v711, 713
  %v713 = add i32 %v712, 714
  %v714 = add i32 %v713, 715
  %v715 = add i32 %v714, 716
  %v716 = add i32 %v715, 717
  %v717 = add i32 %v716, 718
  %v718 = add i32 %v717, 719
  %v719 = add i32 %v718, 720
  %v720 = add i32 %v719, 721
  %v721 = add i32 %v720, 722
  %v722 = add i32 %v721, 723
  %v723 = add i32 %v722, 724
  %v724 = add i32 %v723, 725
  %v725 = add i32 %v724, 726
  %v726 = add i32 %v725, 727
  %v727 = add i32 %v726, 728
  %v728 = add i32 %v727, 729
  %v729 = add i32 %v728, 730
  %v730 = add i32 %v729, 731
  %v731 = add i32 %v730, 732
  %v732 = add i32 %v731, 733
  %v733 = add i32 %v732, 734
  %v734 = add i32 %v733, 735
  %v735 = add i32 %v734, 736
  %v736 = add i32 %v735, 737
  %v737 = add i32 %v736, 738
  %v738 = add i32 %v737, 739
  %v739 = add i32 %v738, 740
  %v740 = add i32 %v739, 741
  %v741 = add i32 %v740, 742
  %v742 = add i32 %v741, 743
  %v743 = add i32 %v742, 744
  %v744 = add i32 %v743, 745
  %v745 = add i32 %v744, 746
  %v746 = add i32 %v745, 747
  %v747 = add i32 %v746, 748
  %v748 = add i32 %v747, 749
  %v749 = add i32 %v748, 750
  %v750 = add i32 %v749, 751
  %v751 = add i32 %v750, 752
  %v752 = add i32 %v751, 753
  %v753 = add i32 %v752, 754
  %v754 = add i32 %v753, 755
  %v755 = add i32 %v754, 756
  %v756 = add i32 %v755, 757
  %v757 = add i32 %v756, 758
  %v758 = add i32 %v757, 759
  %v759 = add i32 %v758, 760
  %v760 = add i32 %v759, 761
  %v761 = add i32 %v760, 762
  %v762 = add i32 %v761, 763
  %v763 = add i32 %v762, 764
  %v764 = add i32 %v763, 765
  %v765 = add i32 %v764, 766
  %v766 = add i32 %v765, 767
  %v767 = add i32 %v766, 768
  %v768 = add i32 %v767, 769
  %v769 = add i32 %v768, 770
  %v770 = add i32 %v769, 771
  %v771 = add i32 %v770, 772
  %v772 = add i32 %v771, 773
  %v773 = add i32 %v772, 774
  %v774 = add i32 %v773, 775
  %v775 = add i32 %v774, 776
  %v776 = add i32 %v775, 777
  %v777 = add i32 %v776, 778
  %v778 = add i32 %v777, 779
  %v779 = add i32 %v778, 780
  %v780 = add i32 %v779, 781
  %v781 = add i32 %v780, 782
  %v782 = add i32 %v781, 783
  %v783 = add i32 %v782, 784
  %v784 = add i32 %v783, 785
  %v785 = add i32 %v784, 786
  %v786 = add i32 %v785, 787
  %v787 = add i32 %v786, 788
  %v788 = add i32 %v787, 789
  %v789 = add i32 %v788, 790
  %v790 = add i32 %v789, 791
  %v791 = add i32 %v790, 792
  %v792 = add i32 %v791, 793
  %v793 = add i32 %v792, 794
  %v794 = add i32 %v793, 795
  %v795 = add i32 %v794, 796
  %v796 = add i32 %v795, 797
  %v797 = add i32 %v796, 798
  %v798 = add i32 %v797, 799
  %v799 = add i32 %v798, 800
  %v800 = add i32 %v799, 801
  %v801 = add i32 %v800, 802
  %v802 = add i32 %v801, 803
  %v803 = add i32 %v802, 804
  %v804 = add i32 %v803, 805
  %v805 = add i32 %v804, 806
  %v806 = add i32 %v805, 807
  %v807 = add i32 %v806, 808
  %v808 = add i32 %v807, 809
  %v809 = add i32 %v808, 810
  %v810 = add i32 %v809, 811
  %v811 = add i32 %v810, 812
  %v812 = add i32 %v811, 813
  %v813 = add i32 %v812, 814
  %v814 = add i32 %v813, 815
  %v815 = add i32 %v814, 816
  %v816 = add i32 %v815, 817
  %v817 = add i32 %v816, 818
  %v818 = add i32 %v817, 819
  %v819 = add i32 %v818, 820
  %v820 = add i32 %v819, 821
  %v821 = add i32 %v820, 822
  %v822 = add i32 %v821, 823
  %v823 = add i32 %v822, 824
  %v824 = add i32 %v823, 825
  %v825 = add i32 %v824, 826
  %v826 = add i32 %v825, 827
  %v827 = add i32 %v826, 828
  %v828 = add i32 %v827, 829
  %v829 = add i32 %v828, 830
  %v830 = add i32 %v829, 831
  %v831 = add i32 %v830, 832
  %v832 = add i32 %v831, 833
  %v833 = add i32 %v832, 834
  %v834 = add i32 %v833, 835
  %v835 = add i32 %v834, 836
  %v836 = add i32 %v835, 837
  %v837 = add i32 %v836, 838
  %v838 = add i32 %v837, 839
  %v839 = add i32 %v838, 840
  %v840 = add i32 %v839, 841
  %v841 = add i32 %v840, 842
  %v842 = add i32 %v841, 843
  %v843 = add i32 %v842, 844
  %v844 = add i32 %v843, 845
  %v845 = add i32 %v844, 846
  %v846 = add i32 %v845, 847
  %v847 = add i32 %v846, 848
  %v848 = add i32 %v847, 849
  %v849 = add i32 %v848, 850
  %v850 = add i32 %v849, 851
  %v851 = add i32 %v850, 852
  %v852 = add i32 %v851, 853
  %v853 = add i32 %v852, 854
  %v854 = add i32 %v853, 855
  %v855 = add i32 %v854, 856
  %v856 = add i32 %v855, 857
  %v857 = add i32 %v856, 858
  %v858 = add i32 %v857, 859
  %v859 = add i32 %v858, 860
  %v860 = add i32 %v859, 861
  %v861 = add i32 %v860, 862
  %v862 = add i32 %v861, 863
  %v863 = add i32 %v862, 864
  %v864 = add i32 %v863, 865
  %v865 = add i32 %v864, 866
  %v866 = add i32 %v865, 867
  %v867 = add i32 %v866, 868
  %v868 = add i32 %v867, 869
  %v869 = add i32 %v868, 870
  %v870 = add i32 %v869, 871
  %v871 = add i32 %v870, 872
  %v872 = add i32 %v871, 873
  %v873 = add i32 %v872, 874
  %v874 = add i32 %v873, 875
  %v875 = add i32 %v874, 876
  %v876 = add i32 %v875, 877
  %v877 = add i32 %v876, 878
  %v878 = add i32 %v877, 879
  %v879 = add i32 %v878, 880
  %v880 = add i32 %v879, 881
  %v881 = add i32 %v880, 882
  %v882 = add i32 %v881, 883
  %v883 = add i32 %v882, 884
  %v884 = add i32 %v883, 885
  %v885 = add i32 %v884, 886
  %v886 = add i32 %v885, 887
  %v887 = add i32 %v886, 888
  %v888 = add i32 %v887, 889
  %v889 = add i32 %v888, 890
  %v890 = add i32 %v889, 891
  %v891 = add i32 %v890, 892
  %v892 = add i32 %v891, 893
  %v893 = add i32 %v892, 894
  %v894 = add i32 %v893, 895
  %v895 = add i32 %v894, 896
  %v896 = add i32 %v895, 897
  %v897 = add i32 %v896, 898
  %v898 = add i32 %v897, 899
  %v899 = add i32 %v898, 900
  %v900 = add i32 %v899, 901
  %v901 = add i32 %v900, 902
  %v902 = add i32 %v901, 903
  %v903 = add i32 %v902, 904
  %v904 = add i32 %v903, 905
  %v905 = add i32 %v904, 906
  %v906 = add i32 %v905, 907
  %v907 = add i32 %v906, 908
  %v908 = add i32 %v907, 909
  %v909 = add i32 %v908, 910
  %v910 = add i32 %v909, 911
  %v911 = add i32 %v910, 912
  %v912 = add i32 %v911, 913
  %v913 = add i32 %v912, 914
  %v914 = add i32 %v913, 915
  %v915 = add i32 %v914, 916
  %v916 = add i32 %v915, 917
  %v917 = add i32 %v916, 918
  %v918 = add i32 %v917, 919
  %v919 = add i32 %v918, 920
  %v920 = add i32 %v919, 921
  %v921 = add i32 %v920, 922
  %v922 = add i32 %v921, 923
  %v923 = add i32 %v922, 924
  %v924 = add i32 %v923, 925
  %v925 = add i32 %v924, 926
  %v926 = add i32 %v925, 927
  %v927 = add i32 %v926, 928
  %v928 = add i32 %v927, 929
  %v929 = add i32 %v928, 930
  %v930 = add i32 %v929, 931
  %v931 = add i32 %v930, 932
  %v932 = add i32 %v931, 933
  %v933 = add i32 %v932, 934
  %v934 = add i32 %v933, 935
  %v935 = add i32 %v934, 936
  %v936 = add i32 %v935, 937
  %v937 = add i32 %v936, 938
  %v938 = add i32 %v937, 939
  %v939 = add i32 %v938, 940
  %v940 = add i32 %v939, 941
  %v941 = add i32 %v940, 942
  %v942 = add i32 %v941, 943
  %v943 = add i32 %v942, 944
  %v944 = add i32 %v943, 945
  %v945 = add i32 %v944, 946
  %v946 = add i32 %v945, 947
  %v947 = add i32 %v946, 948
  %v948 = add i32 %v947, 949
  %v949 = add i32 %v948, 950
  %v950 = add i32 %v949, 951
  %v951 = add i32 %v950, 952
  %v952 = add i32 %v951, 953
  %v953 = add i32 %v952, 954
  %v954 = add i32 %v953, 955
  %v955 = add i32 %v954, 956
  %v956 = add i32 %v955, 957
  %v957 = add i32 %v956, 958
  %v958 = add i32 %v957, 959
  %v959 = add i32 %v958, 960
  %v960 = add i32 %v959, 961
  %v961 = add i32 %v960, 962
  %v962 = add i32 %v961, 963
  %v963 = add i32 %v962, 964
  %v964 = add i32 %v963, 965
  %v965 = add i32 %v964, 966
  %v966 = add i32 %v965, 967
  %v967 = add i32 %v966, 968
  %v968 = add i32 %v967, 969
  %v969 = add i32 %v968, 970
  %v970 = add i32 %v969, 971
  %v971 = add i32 %v970, 972
  %v972 = add i32 %v971, 973
  %v973 = add i32 %v972, 974
  %v974 = add i32 %v973, 975
  %v975 = add i32 %v974, 976
  %v976 = add i32 %v975, 977
  %v977 = add i32 %v976, 978
  %v978 = add i32 %v977, 979
  %v979 = add i32 %v978, 980
  %v980 = add i32 %v979, 981
  %v981 = add i32 %v980, 982
  %v982 = add i32 %v981, 983
  %v983 = add i32 %v982, 984
  %v984 = add i32 %v983, 985
  %v985 = add i32 %v984, 986
  %v986 = add i32 %v985, 987
  %v987 = add i32 %v986, 988
  %v988 = add i32 %v987, 989
  %v989 = add i32 %v988, 990
  %v990 = add i32 %v989, 991
  %v991 = add i32 %v990, 992
  %v992 = add i32 %v991, 993
  %v993 = add i32 %v992, 994
  %v994 = add i32 %v993, 995
  %v995 = add i32 %v994, 996
  %v996 = add i32 %v995, 997
  %v997 = add i32 %v996, 998
  %v998 = add i32 %v997, 999
  %v999 = add i32 %v998, 1000
  %v1000 = add i32 %v999, 1001
  %v1001 = add i32 %v1000, 1002
  %v1002 = add i32 %v1001, 1003
  %v1003 = add i32 %v1002, 1004
  %v1004 = add i32 %v1003, 1005
  %v1005 = add i32 %v1004, 1006
  %v1006 = add i32 %v1005, 1007
  %v1007 = add i32 %v1006, 1008
  %v1008 = add i32 %v1007, 1009
  %v1009 = add i32 %v1008, 1010
  %v1010 = add i32 %v1009, 1011
  %v1011 = add i32 %v1010, 1012
  %v1012 = add i32 %v1011, 1013
  %v1013 = add i32 %v1012, 1014
  %v1014 = add i32 %v1013, 1015
  %v1015 = add i32 %v1014, 1016
  %v1016 = add i32 %v1015, 1017
  %v1017 = add i32 %v1016, 1018
  %v1018 = add i32 %v1017, 1019
  %v1019 = add i32 %v1018, 1020
  %v1020 = add i32 %v1019, 1021
  %v1021 = add i32 %v1020, 1022
  %v1022 = add i32 %v1021, 1023
  %v1023 = add i32 %v1022, 1024
  %v1024 = add i32 %v1023, 1025
  %v1025 = add i32 %v1024, 1026
  %v1026 = add i32 %v1025, 1027
  %v1027 = add i32 %v1026, 1028
  %v1028 = add i32 %v1027, 1029
  %v1029 = add i32 %v1028, 1030
  %v1030 = add i32 %v1029, 1031
  %v1031 = add i32 %v1030, 1032
  %v1032 = add i32 %v1031, 1033
  %v1033 = add i32 %v1032, 1034
  %v1034 = add i32 %v1033, 1035
  %v1035 = add i32 %v1034, 1036
  %v1036 = add i32 %v1035, 1037
  %v1037 = add i32 %v1036, 1038
  %v1038 = add i32 %v1037, 1039
  %v1039 = add i32 %v1038, 1040
  %v1040 = add i32 %v1039, 1041
  %v1041 = add i32 %v1040, 1042
  %v1042 = add i32 %v1041, 1043
  %v1043 = add i32 %v1042, 1044
  %v1044 = add i32 %v1043, 1045
  %v1045 = add i32 %v1044, 1046
  %v1046 = add i32 %v1045, 1047
  %v1047 = add i32 %v1046, 1048
  %v1048 = add i32 %v1047, 1049
  %v1049 = add i32 %v1048, 1050
  %v1050 = add i32 %v1049, 1051
  %v1051 = add i32 %v1050, 1052
  %v1052 = add i32 %v1051, 1053
  %v1053 = add i32 %v1052, 1054
  %v1054 = add i32 %v1053, 1055
  %v1055 = add i32 %v1054, 1056
  %v1056 = add i32 %v1055, 1057
  %v1057 = add i32 %v1056, 1058
  %v1058 = add i32 %v1057, 1059
  %v1059 = add i32 %v1058, 1060
  %v1060 = add i32 %v1059, 1061
  %v1061 = add i32 %v1060, 1062
  %v1062 = add i32 %v1061, 1063
  %v1063 = add i32 %v1062, 1064
  %v1064 = add i32 %v1063, 1065
  %v1065 = add i32 %v1064, 1066
  %v1066 = add i32 %v1065, 1067
  %v1067 = add i32 %v1066, 1068
  %v1068 = add i32 %v1067, 1069
  %v1069 = add i32 %v1068, 1070
  %v1070 = add i32 %v1069, 1071
  %v1071 = add i32 %v1070, 1072
  %v1072 = add i32 %v1071, 1073
  %v1073 = add i32 %v1072, 1074
  %v1074 = add i32 %v1073, 1075
  %v1075 = add i32 %v1074, 1076
  %v1076 = add i32 %v1075, 1077
  %v1077 = add i32 %v1076, 1078
  %v1078 = add i32 %v1077, 1079
  %v1079 = add i32 %v1078, 1080
  %v1080 = add i32 %v1079, 1081
  %v1081 = add i32 %v1080, 1082
  %v1082 = add i32 %v1081, 1083
  %v1083 = add i32 %v1082, 1084
  %v1084 = add i32 %v1083, 1085
  %v1085 = add i32 %v1084, 1086
  %v1086 = add i32 %v1085, 1087
  %v1087 = add i32 %v1086, 1088
  %v1088 = add i32 %v1087, 1089
  %v1089 = add i32 %v1088, 1090
  %v1090 = add i32 %v1089, 1091
  %v1091 = add i32 %v1090, 1092
  %v1092 = add i32 %v1091, 1093
  %v1093 = add i32 %v1092, 1094
  %v1094 = add i32 %v1093, 1095
  %v1095 = add i32 %v1094, 1096
  %v1096 = add i32 %v1095, 1097
  %v1097 = add i32 %v1096, 1098
  %v1098 = add i32 %v1097, 1099
  %v1099 = add i32 %v1098, 1100
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %r = phi i32 [ %v1099, %entry ], [ 0, %then ]
  ret i32 %r
}

; CHECK-LABEL: define i32 @short_block(
; CHECK-NOT: asm
; CHECK: ret i32
define i32 @short_block(i32 %x) {
entry:
  %v0 = mul i32 %x, 3
  %v1 = mul i32 %v0, 3
  %v2 = mul i32 %v1, 3
  %v3 = mul i32 %v2, 3
  %v4 = mul i32 %v3, 3
  %v5 = mul i32 %v4, 3
  %v6 = mul i32 %v5, 3
  %v7 = mul i32 %v6, 3
  %v8 = mul i32 %v7, 3
  %v9 = mul i32 %v8, 3
  %v10 = mul i32 %v9, 3
  %v11 = mul i32 %v10, 3
  %v12 = mul i32 %v11, 3
  %v13 = mul i32 %v12, 3
  %v14 = mul i32 %v13, 3
  %v15 = mul i32 %v14, 3
  %v16 = mul i32 %v15, 3
  %v17 = mul i32 %v16, 3
  %v18 = mul i32 %v17, 3
  %v19 = mul i32 %v18, 3
  %v20 = mul i32 %v19, 3
  %v21 = mul i32 %v20, 3
  %v22 = mul i32 %v21, 3
  %v23 = mul i32 %v22, 3
  %v24 = mul i32 %v23, 3
  %v25 = mul i32 %v24, 3
  %v26 = mul i32 %v25, 3
  %v27 = mul i32 %v26, 3
  %v28 = mul i32 %v27, 3
  %v29 = mul i32 %v28, 3
  %v30 = mul i32 %v29, 3
  %v31 = mul i32 %v30, 3
  %v32 = mul i32 %v31, 3
  %v33 = mul i32 %v32, 3
  %v34 = mul i32 %v33, 3
  %v35 = mul i32 %v34, 3
  %v36 = mul i32 %v35, 3
  %v37 = mul i32 %v36, 3
  %v38 = mul i32 %v37, 3
  %v39 = mul i32 %v38, 3
  %v40 = mul i32 %v39, 3
  %v41 = mul i32 %v40, 3
  %v42 = mul i32 %v41, 3
  %v43 = mul i32 %v42, 3
  %v44 = mul i32 %v43, 3
  %v45 = mul i32 %v44, 3
  %v46 = mul i32 %v45, 3
  %v47 = mul i32 %v46, 3
  %v48 = mul i32 %v47, 3
  %v49 = mul i32 %v48, 3
  %v50 = mul i32 %v49, 3
  %v51 = mul i32 %v50, 3
  %v52 = mul i32 %v51, 3
  %v53 = mul i32 %v52, 3
  %v54 = mul i32 %v53, 3
  %v55 = mul i32 %v54, 3
  %v56 = mul i32 %v55, 3
  %v57 = mul i32 %v56, 3
  %v58 = mul i32 %v57, 3
  %v59 = mul i32 %v58, 3
  %v60 = mul i32 %v59, 3
  %v61 = mul i32 %v60, 3
  %v62 = mul i32 %v61, 3
  %v63 = mul i32 %v62, 3
  %v64 = mul i32 %v63, 3
  %v65 = mul i32 %v64, 3
  %v66 = mul i32 %v65, 3
  %v67 = mul i32 %v66, 3
  %v68 = mul i32 %v67, 3
  %v69 = mul i32 %v68, 3
  %v70 = mul i32 %v69, 3
  %v71 = mul i32 %v70, 3
  %v72 = mul i32 %v71, 3
  %v73 = mul i32 %v72, 3
  %v74 = mul i32 %v73, 3
  %v75 = mul i32 %v74, 3
  %v76 = mul i32 %v75, 3
  %v77 = mul i32 %v76, 3
  %v78 = mul i32 %v77, 3
  %v79 = mul i32 %v78, 3
  %v80 = mul i32 %v79, 3
  %v81 = mul i32 %v80, 3
  %v82 = mul i32 %v81, 3
  %v83 = mul i32 %v82, 3
  %v84 = mul i32 %v83, 3
  %v85 = mul i32 %v84, 3
  %v86 = mul i32 %v85, 3
  %v87 = mul i32 %v86, 3
  %v88 = mul i32 %v87, 3
  %v89 = mul i32 %v88, 3
  %v90 = mul i32 %v89, 3
  %v91 = mul i32 %v90, 3
  %v92 = mul i32 %v91, 3
  %v93 = mul i32 %v92, 3
  %v94 = mul i32 %v93, 3
  %v95 = mul i32 %v94, 3
  %v96 = mul i32 %v95, 3
  %v97 = mul i32 %v96, 3
  %v98 = mul i32 %v97, 3
  %v99 = mul i32 %v98, 3
  %v100 = mul i32 %v99, 3
  %v101 = mul i32 %v100, 3
  %v102 = mul i32 %v101, 3
  %v103 = mul i32 %v102, 3
  %v104 = mul i32 %v103, 3
  %v105 = mul i32 %v104, 3
  %v106 = mul i32 %v105, 3
  %v107 = mul i32 %v106, 3
  %v108 = mul i32 %v107, 3
  %v109 = mul i32 %v108, 3
  %v110 = mul i32 %v109, 3
  %v111 = mul i32 %v110, 3
  %v112 = mul i32 %v111, 3
  %v113 = mul i32 %v112, 3
  %v114 = mul i32 %v113, 3
  %v115 = mul i32 %v114, 3
  %v116 = mul i32 %v115, 3
  %v117 = mul i32 %v116, 3
  %v118 = mul i32 %v117, 3
  %v119 = mul i32 %v118, 3
  %v120 = mul i32 %v119, 3
  %v121 = mul i32 %v120, 3
  %v122 = mul i32 %v121, 3
  %v123 = mul i32 %v122, 3
  %v124 = mul i32 %v123, 3
  %v125 = mul i32 %v124, 3
  %v126 = mul i32 %v125, 3
  %v127 = mul i32 %v126, 3
  %v128 = mul i32 %v127, 3
  %v129 = mul i32 %v128, 3
  %v130 = mul i32 %v129, 3
  %v131 = mul i32 %v130, 3
  %v132 = mul i32 %v131, 3
  %v133 = mul i32 %v132, 3
  %v134 = mul i32 %v133, 3
  %v135 = mul i32 %v134, 3
  %v136 = mul i32 %v135, 3
  %v137 = mul i32 %v136, 3
  %v138 = mul i32 %v137, 3
  %v139 = mul i32 %v138, 3
  %v140 = mul i32 %v139, 3
  %v141 = mul i32 %v140, 3
  %v142 = mul i32 %v141, 3
  %v143 = mul i32 %v142, 3
  %v144 = mul i32 %v143, 3
  %v145 = mul i32 %v144, 3
  %v146 = mul i32 %v145, 3
  %v147 = mul i32 %v146, 3
  %v148 = mul i32 %v147, 3
  %v149 = mul i32 %v148, 3
  %v150 = mul i32 %v149, 3
  %v151 = mul i32 %v150, 3
  %v152 = mul i32 %v151, 3
  %v153 = mul i32 %v152, 3
  %v154 = mul i32 %v153, 3
  %v155 = mul i32 %v154, 3
  %v156 = mul i32 %v155, 3
  %v157 = mul i32 %v156, 3
  %v158 = mul i32 %v157, 3
  %v159 = mul i32 %v158, 3
  %v160 = mul i32 %v159, 3
  %v161 = mul i32 %v160, 3
  %v162 = mul i32 %v161, 3
  %v163 = mul i32 %v162, 3
  %v164 = mul i32 %v163, 3
  %v165 = mul i32 %v164, 3
  %v166 = mul i32 %v165, 3
  %v167 = mul i32 %v166, 3
  %v168 = mul i32 %v167, 3
  %v169 = mul i32 %v168, 3
  %v170 = mul i32 %v169, 3
  %v171 = mul i32 %v170, 3
  %v172 = mul i32 %v171, 3
  %v173 = mul i32 %v172, 3
  %v174 = mul i32 %v173, 3
  %v175 = mul i32 %v174, 3
  %v176 = mul i32 %v175, 3
  %v177 = mul i32 %v176, 3
  %v178 = mul i32 %v177, 3
  %v179 = mul i32 %v178, 3
  %v180 = mul i32 %v179, 3
  %v181 = mul i32 %v180, 3
  %v182 = mul i32 %v181, 3
  %v183 = mul i32 %v182, 3
  %v184 = mul i32 %v183, 3
  %v185 = mul i32 %v184, 3
  %v186 = mul i32 %v185, 3
  %v187 = mul i32 %v186, 3
  %v188 = mul i32 %v187, 3
  %v189 = mul i32 %v188, 3
  %v190 = mul i32 %v189, 3
  %v191 = mul i32 %v190, 3
  %v192 = mul i32 %v191, 3
  %v193 = mul i32 %v192, 3
  %v194 = mul i32 %v193, 3
  %v195 = mul i32 %v194, 3
  %v196 = mul i32 %v195, 3
  %v197 = mul i32 %v196, 3
  %v198 = mul i32 %v197, 3
  %v199 = mul i32 %v198, 3
  %v200 = mul i32 %v199, 3
  %v201 = mul i32 %v200, 3
  %v202 = mul i32 %v201, 3
  %v203 = mul i32 %v202, 3
  %v204 = mul i32 %v203, 3
  %v205 = mul i32 %v204, 3
  %v206 = mul i32 %v205, 3
  %v207 = mul i32 %v206, 3
  %v208 = mul i32 %v207, 3
  %v209 = mul i32 %v208, 3
  %v210 = mul i32 %v209, 3
  %v211 = mul i32 %v210, 3
  %v212 = mul i32 %v211, 3
  %v213 = mul i32 %v212, 3
  %v214 = mul i32 %v213, 3
  %v215 = mul i32 %v214, 3
  %v216 = mul i32 %v215, 3
  %v217 = mul i32 %v216, 3
  %v218 = mul i32 %v217, 3
  %v219 = mul i32 %v218, 3
  %v220 = mul i32 %v219, 3
  %v221 = mul i32 %v220, 3
  %v222 = mul i32 %v221, 3
  %v223 = mul i32 %v222, 3
  %v224 = mul i32 %v223, 3
  %v225 = mul i32 %v224, 3
  %v226 = mul i32 %v225, 3
  %v227 = mul i32 %v226, 3
  %v228 = mul i32 %v227, 3
  %v229 = mul i32 %v228, 3
  %v230 = mul i32 %v229, 3
  %v231 = mul i32 %v230, 3
  %v232 = mul i32 %v231, 3
  %v233 = mul i32 %v232, 3
  %v234 = mul i32 %v233, 3
  %v235 = mul i32 %v234, 3
  %v236 = mul i32 %v235, 3
  %v237 = mul i32 %v236, 3
  %v238 = mul i32 %v237, 3
  %v239 = mul i32 %v238, 3
  %v240 = mul i32 %v239, 3
  %v241 = mul i32 %v240, 3
  %v242 = mul i32 %v241, 3
  %v243 = mul i32 %v242, 3
  %v244 = mul i32 %v243, 3
  %v245 = mul i32 %v244, 3
  %v246 = mul i32 %v245, 3
  %v247 = mul i32 %v246, 3
  %v248 = mul i32 %v247, 3
  %v249 = mul i32 %v248, 3
  %v250 = mul i32 %v249, 3
  %v251 = mul i32 %v250, 3
  %v252 = mul i32 %v251, 3
  %v253 = mul i32 %v252, 3
  %v254 = mul i32 %v253, 3
  %v255 = mul i32 %v254, 3
  %v256 = mul i32 %v255, 3
  %v257 = mul i32 %v256, 3
  %v258 = mul i32 %v257, 3
  %v259 = mul i32 %v258, 3
  %v260 = mul i32 %v259, 3
  %v261 = mul i32 %v260, 3
  %v262 = mul i32 %v261, 3
  %v263 = mul i32 %v262, 3
  %v264 = mul i32 %v263, 3
  %v265 = mul i32 %v264, 3
  %v266 = mul i32 %v265, 3
  %v267 = mul i32 %v266, 3
  %v268 = mul i32 %v267, 3
  %v269 = mul i32 %v268, 3
  %v270 = mul i32 %v269, 3
  %v271 = mul i32 %v270, 3
  %v272 = mul i32 %v271, 3
  %v273 = mul i32 %v272, 3
  %v274 = mul i32 %v273, 3
  %v275 = mul i32 %v274, 3
  %v276 = mul i32 %v275, 3
  %v277 = mul i32 %v276, 3
  %v278 = mul i32 %v277, 3
  %v279 = mul i32 %v278, 3
  %v280 = mul i32 %v279, 3
  %v281 = mul i32 %v280, 3
  %v282 = mul i32 %v281, 3
  %v283 = mul i32 %v282, 3
  %v284 = mul i32 %v283, 3
  %v285 = mul i32 %v284, 3
  %v286 = mul i32 %v285, 3
  %v287 = mul i32 %v286, 3
  %v288 = mul i32 %v287, 3
  %v289 = mul i32 %v288, 3
  %v290 = mul i32 %v289, 3
  %v291 = mul i32 %v290, 3
  %v292 = mul i32 %v291, 3
  %v293 = mul i32 %v292, 3
  %v294 = mul i32 %v293, 3
  %v295 = mul i32 %v294, 3
  %v296 = mul i32 %v295, 3
  %v297 = mul i32 %v296, 3
  %v298 = mul i32 %v297, 3
  %v299 = mul i32 %v298, 3
  %v300 = mul i32 %v299, 3
  %v301 = mul i32 %v300, 3
  %v302 = mul i32 %v301, 3
  %v303 = mul i32 %v302, 3
  %v304 = mul i32 %v303, 3
  %v305 = mul i32 %v304, 3
  %v306 = mul i32 %v305, 3
  %v307 = mul i32 %v306, 3
  %v308 = mul i32 %v307, 3
  %v309 = mul i32 %v308, 3
  %v310 = mul i32 %v309, 3
  %v311 = mul i32 %v310, 3
  %v312 = mul i32 %v311, 3
  %v313 = mul i32 %v312, 3
  %v314 = mul i32 %v313, 3
  %v315 = mul i32 %v314, 3
  %v316 = mul i32 %v315, 3
  %v317 = mul i32 %v316, 3
  %v318 = mul i32 %v317, 3
  %v319 = mul i32 %v318, 3
  %v320 = mul i32 %v319, 3
  %v321 = mul i32 %v320, 3
  %v322 = mul i32 %v321, 3
  %v323 = mul i32 %v322, 3
  %v324 = mul i32 %v323, 3
  %v325 = mul i32 %v324, 3
  %v326 = mul i32 %v325, 3
  %v327 = mul i32 %v326, 3
  %v328 = mul i32 %v327, 3
  %v329 = mul i32 %v328, 3
  %v330 = mul i32 %v329, 3
  %v331 = mul i32 %v330, 3
  %v332 = mul i32 %v331, 3
  %v333 = mul i32 %v332, 3
  %v334 = mul i32 %v333, 3
  %v335 = mul i32 %v334, 3
  %v336 = mul i32 %v335, 3
  %v337 = mul i32 %v336, 3
  %v338 = mul i32 %v337, 3
  %v339 = mul i32 %v338, 3
  %v340 = mul i32 %v339, 3
  %v341 = mul i32 %v340, 3
  %v342 = mul i32 %v341, 3
  %v343 = mul i32 %v342, 3
  %v344 = mul i32 %v343, 3
  %v345 = mul i32 %v344, 3
  %v346 = mul i32 %v345, 3
  %v347 = mul i32 %v346, 3
  %v348 = mul i32 %v347, 3
  %v349 = mul i32 %v348, 3
  %v350 = mul i32 %v349, 3
  %v351 = mul i32 %v350, 3
  %v352 = mul i32 %v351, 3
  %v353 = mul i32 %v352, 3
  %v354 = mul i32 %v353, 3
  %v355 = mul i32 %v354, 3
  %v356 = mul i32 %v355, 3
  %v357 = mul i32 %v356, 3
  %v358 = mul i32 %v357, 3
  %v359 = mul i32 %v358, 3
  %v360 = mul i32 %v359, 3
  %v361 = mul i32 %v360, 3
  %v362 = mul i32 %v361, 3
  %v363 = mul i32 %v362, 3
  %v364 = mul i32 %v363, 3
  %v365 = mul i32 %v364, 3
  %v366 = mul i32 %v365, 3
  %v367 = mul i32 %v366, 3
  %v368 = mul i32 %v367, 3
  %v369 = mul i32 %v368, 3
  %v370 = mul i32 %v369, 3
  %v371 = mul i32 %v370, 3
  %v372 = mul i32 %v371, 3
  %v373 = mul i32 %v372, 3
  %v374 = mul i32 %v373, 3
  %v375 = mul i32 %v374, 3
  %v376 = mul i32 %v375, 3
  %v377 = mul i32 %v376, 3
  %v378 = mul i32 %v377, 3
  %v379 = mul i32 %v378, 3
  %v380 = mul i32 %v379, 3
  %v381 = mul i32 %v380, 3
  %v382 = mul i32 %v381, 3
  %v383 = mul i32 %v382, 3
  %v384 = mul i32 %v383, 3
  %v385 = mul i32 %v384, 3
  %v386 = mul i32 %v385, 3
  %v387 = mul i32 %v386, 3
  %v388 = mul i32 %v387, 3
  %v389 = mul i32 %v388, 3
  %v390 = mul i32 %v389, 3
  %v391 = mul i32 %v390, 3
  %v392 = mul i32 %v391, 3
  %v393 = mul i32 %v392, 3
  %v394 = mul i32 %v393, 3
  %v395 = mul i32 %v394, 3
  %v396 = mul i32 %v395, 3
  %v397 = mul i32 %v396, 3
  %v398 = mul i32 %v397, 3
  %v399 = mul i32 %v398, 3
  %v400 = mul i32 %v399, 3
  %v401 = mul i32 %v400, 3
  %v402 = mul i32 %v401, 3
  %v403 = mul i32 %v402, 3
  %v404 = mul i32 %v403, 3
  %v405 = mul i32 %v404, 3
  %v406 = mul i32 %v405, 3
  %v407 = mul i32 %v406, 3
  %v408 = mul i32 %v407, 3
  %v409 = mul i32 %v408, 3
  %v410 = mul i32 %v409, 3
  %v411 = mul i32 %v410, 3
  %v412 = mul i32 %v411, 3
  %v413 = mul i32 %v412, 3
  %v414 = mul i32 %v413, 3
  %v415 = mul i32 %v414, 3
  %v416 = mul i32 %v415, 3
  %v417 = mul i32 %v416, 3
  %v418 = mul i32 %v417, 3
  %v419 = mul i32 %v418, 3
  %v420 = mul i32 %v419, 3
  %v421 = mul i32 %v420, 3
  %v422 = mul i32 %v421, 3
  %v423 = mul i32 %v422, 3
  %v424 = mul i32 %v423, 3
  %v425 = mul i32 %v424, 3
  %v426 = mul i32 %v425, 3
  %v427 = mul i32 %v426, 3
  %v428 = mul i32 %v427, 3
  %v429 = mul i32 %v428, 3
  %v430 = mul i32 %v429, 3
  %v431 = mul i32 %v430, 3
  %v432 = mul i32 %v431, 3
  %v433 = mul i32 %v432, 3
  %v434 = mul i32 %v433, 3
  %v435 = mul i32 %v434, 3
  %v436 = mul i32 %v435, 3
  %v437 = mul i32 %v436, 3
  %v438 = mul i32 %v437, 3
  %v439 = mul i32 %v438, 3
  %v440 = mul i32 %v439, 3
  %v441 = mul i32 %v440, 3
  %v442 = mul i32 %v441, 3
  %v443 = mul i32 %v442, 3
  %v444 = mul i32 %v443, 3
  %v445 = mul i32 %v444, 3
  %v446 = mul i32 %v445, 3
  %v447 = mul i32 %v446, 3
  %v448 = mul i32 %v447, 3
  %v449 = mul i32 %v448, 3
  ret i32 %v449
}

; Allocas are neither counted nor cut before: an alloca moved out of the
; entry block would be a dynamic allocation, and an entry block holding
; only the cut's branch let shrink wrapping move the prologue past it.
; CHECK-LABEL: define i32 @allocas_first(
; CHECK: entry:
; CHECK-COUNT-300: {{^  %a[0-9]+ = alloca i32}}
; CHECK-COUNT-500: {{^  (store i32|%w[0-9]+ = )}}
; CHECK-NEXT: call i32 asm sideeffect "", "=r"()
; CHECK-NOT: alloca
; CHECK: ret i32
define i32 @allocas_first(i32 %x) {
entry:
  %a0 = alloca i32, align 4
  %a1 = alloca i32, align 4
  %a2 = alloca i32, align 4
  %a3 = alloca i32, align 4
  %a4 = alloca i32, align 4
  %a5 = alloca i32, align 4
  %a6 = alloca i32, align 4
  %a7 = alloca i32, align 4
  %a8 = alloca i32, align 4
  %a9 = alloca i32, align 4
  %a10 = alloca i32, align 4
  %a11 = alloca i32, align 4
  %a12 = alloca i32, align 4
  %a13 = alloca i32, align 4
  %a14 = alloca i32, align 4
  %a15 = alloca i32, align 4
  %a16 = alloca i32, align 4
  %a17 = alloca i32, align 4
  %a18 = alloca i32, align 4
  %a19 = alloca i32, align 4
  %a20 = alloca i32, align 4
  %a21 = alloca i32, align 4
  %a22 = alloca i32, align 4
  %a23 = alloca i32, align 4
  %a24 = alloca i32, align 4
  %a25 = alloca i32, align 4
  %a26 = alloca i32, align 4
  %a27 = alloca i32, align 4
  %a28 = alloca i32, align 4
  %a29 = alloca i32, align 4
  %a30 = alloca i32, align 4
  %a31 = alloca i32, align 4
  %a32 = alloca i32, align 4
  %a33 = alloca i32, align 4
  %a34 = alloca i32, align 4
  %a35 = alloca i32, align 4
  %a36 = alloca i32, align 4
  %a37 = alloca i32, align 4
  %a38 = alloca i32, align 4
  %a39 = alloca i32, align 4
  %a40 = alloca i32, align 4
  %a41 = alloca i32, align 4
  %a42 = alloca i32, align 4
  %a43 = alloca i32, align 4
  %a44 = alloca i32, align 4
  %a45 = alloca i32, align 4
  %a46 = alloca i32, align 4
  %a47 = alloca i32, align 4
  %a48 = alloca i32, align 4
  %a49 = alloca i32, align 4
  %a50 = alloca i32, align 4
  %a51 = alloca i32, align 4
  %a52 = alloca i32, align 4
  %a53 = alloca i32, align 4
  %a54 = alloca i32, align 4
  %a55 = alloca i32, align 4
  %a56 = alloca i32, align 4
  %a57 = alloca i32, align 4
  %a58 = alloca i32, align 4
  %a59 = alloca i32, align 4
  %a60 = alloca i32, align 4
  %a61 = alloca i32, align 4
  %a62 = alloca i32, align 4
  %a63 = alloca i32, align 4
  %a64 = alloca i32, align 4
  %a65 = alloca i32, align 4
  %a66 = alloca i32, align 4
  %a67 = alloca i32, align 4
  %a68 = alloca i32, align 4
  %a69 = alloca i32, align 4
  %a70 = alloca i32, align 4
  %a71 = alloca i32, align 4
  %a72 = alloca i32, align 4
  %a73 = alloca i32, align 4
  %a74 = alloca i32, align 4
  %a75 = alloca i32, align 4
  %a76 = alloca i32, align 4
  %a77 = alloca i32, align 4
  %a78 = alloca i32, align 4
  %a79 = alloca i32, align 4
  %a80 = alloca i32, align 4
  %a81 = alloca i32, align 4
  %a82 = alloca i32, align 4
  %a83 = alloca i32, align 4
  %a84 = alloca i32, align 4
  %a85 = alloca i32, align 4
  %a86 = alloca i32, align 4
  %a87 = alloca i32, align 4
  %a88 = alloca i32, align 4
  %a89 = alloca i32, align 4
  %a90 = alloca i32, align 4
  %a91 = alloca i32, align 4
  %a92 = alloca i32, align 4
  %a93 = alloca i32, align 4
  %a94 = alloca i32, align 4
  %a95 = alloca i32, align 4
  %a96 = alloca i32, align 4
  %a97 = alloca i32, align 4
  %a98 = alloca i32, align 4
  %a99 = alloca i32, align 4
  %a100 = alloca i32, align 4
  %a101 = alloca i32, align 4
  %a102 = alloca i32, align 4
  %a103 = alloca i32, align 4
  %a104 = alloca i32, align 4
  %a105 = alloca i32, align 4
  %a106 = alloca i32, align 4
  %a107 = alloca i32, align 4
  %a108 = alloca i32, align 4
  %a109 = alloca i32, align 4
  %a110 = alloca i32, align 4
  %a111 = alloca i32, align 4
  %a112 = alloca i32, align 4
  %a113 = alloca i32, align 4
  %a114 = alloca i32, align 4
  %a115 = alloca i32, align 4
  %a116 = alloca i32, align 4
  %a117 = alloca i32, align 4
  %a118 = alloca i32, align 4
  %a119 = alloca i32, align 4
  %a120 = alloca i32, align 4
  %a121 = alloca i32, align 4
  %a122 = alloca i32, align 4
  %a123 = alloca i32, align 4
  %a124 = alloca i32, align 4
  %a125 = alloca i32, align 4
  %a126 = alloca i32, align 4
  %a127 = alloca i32, align 4
  %a128 = alloca i32, align 4
  %a129 = alloca i32, align 4
  %a130 = alloca i32, align 4
  %a131 = alloca i32, align 4
  %a132 = alloca i32, align 4
  %a133 = alloca i32, align 4
  %a134 = alloca i32, align 4
  %a135 = alloca i32, align 4
  %a136 = alloca i32, align 4
  %a137 = alloca i32, align 4
  %a138 = alloca i32, align 4
  %a139 = alloca i32, align 4
  %a140 = alloca i32, align 4
  %a141 = alloca i32, align 4
  %a142 = alloca i32, align 4
  %a143 = alloca i32, align 4
  %a144 = alloca i32, align 4
  %a145 = alloca i32, align 4
  %a146 = alloca i32, align 4
  %a147 = alloca i32, align 4
  %a148 = alloca i32, align 4
  %a149 = alloca i32, align 4
  %a150 = alloca i32, align 4
  %a151 = alloca i32, align 4
  %a152 = alloca i32, align 4
  %a153 = alloca i32, align 4
  %a154 = alloca i32, align 4
  %a155 = alloca i32, align 4
  %a156 = alloca i32, align 4
  %a157 = alloca i32, align 4
  %a158 = alloca i32, align 4
  %a159 = alloca i32, align 4
  %a160 = alloca i32, align 4
  %a161 = alloca i32, align 4
  %a162 = alloca i32, align 4
  %a163 = alloca i32, align 4
  %a164 = alloca i32, align 4
  %a165 = alloca i32, align 4
  %a166 = alloca i32, align 4
  %a167 = alloca i32, align 4
  %a168 = alloca i32, align 4
  %a169 = alloca i32, align 4
  %a170 = alloca i32, align 4
  %a171 = alloca i32, align 4
  %a172 = alloca i32, align 4
  %a173 = alloca i32, align 4
  %a174 = alloca i32, align 4
  %a175 = alloca i32, align 4
  %a176 = alloca i32, align 4
  %a177 = alloca i32, align 4
  %a178 = alloca i32, align 4
  %a179 = alloca i32, align 4
  %a180 = alloca i32, align 4
  %a181 = alloca i32, align 4
  %a182 = alloca i32, align 4
  %a183 = alloca i32, align 4
  %a184 = alloca i32, align 4
  %a185 = alloca i32, align 4
  %a186 = alloca i32, align 4
  %a187 = alloca i32, align 4
  %a188 = alloca i32, align 4
  %a189 = alloca i32, align 4
  %a190 = alloca i32, align 4
  %a191 = alloca i32, align 4
  %a192 = alloca i32, align 4
  %a193 = alloca i32, align 4
  %a194 = alloca i32, align 4
  %a195 = alloca i32, align 4
  %a196 = alloca i32, align 4
  %a197 = alloca i32, align 4
  %a198 = alloca i32, align 4
  %a199 = alloca i32, align 4
  %a200 = alloca i32, align 4
  %a201 = alloca i32, align 4
  %a202 = alloca i32, align 4
  %a203 = alloca i32, align 4
  %a204 = alloca i32, align 4
  %a205 = alloca i32, align 4
  %a206 = alloca i32, align 4
  %a207 = alloca i32, align 4
  %a208 = alloca i32, align 4
  %a209 = alloca i32, align 4
  %a210 = alloca i32, align 4
  %a211 = alloca i32, align 4
  %a212 = alloca i32, align 4
  %a213 = alloca i32, align 4
  %a214 = alloca i32, align 4
  %a215 = alloca i32, align 4
  %a216 = alloca i32, align 4
  %a217 = alloca i32, align 4
  %a218 = alloca i32, align 4
  %a219 = alloca i32, align 4
  %a220 = alloca i32, align 4
  %a221 = alloca i32, align 4
  %a222 = alloca i32, align 4
  %a223 = alloca i32, align 4
  %a224 = alloca i32, align 4
  %a225 = alloca i32, align 4
  %a226 = alloca i32, align 4
  %a227 = alloca i32, align 4
  %a228 = alloca i32, align 4
  %a229 = alloca i32, align 4
  %a230 = alloca i32, align 4
  %a231 = alloca i32, align 4
  %a232 = alloca i32, align 4
  %a233 = alloca i32, align 4
  %a234 = alloca i32, align 4
  %a235 = alloca i32, align 4
  %a236 = alloca i32, align 4
  %a237 = alloca i32, align 4
  %a238 = alloca i32, align 4
  %a239 = alloca i32, align 4
  %a240 = alloca i32, align 4
  %a241 = alloca i32, align 4
  %a242 = alloca i32, align 4
  %a243 = alloca i32, align 4
  %a244 = alloca i32, align 4
  %a245 = alloca i32, align 4
  %a246 = alloca i32, align 4
  %a247 = alloca i32, align 4
  %a248 = alloca i32, align 4
  %a249 = alloca i32, align 4
  %a250 = alloca i32, align 4
  %a251 = alloca i32, align 4
  %a252 = alloca i32, align 4
  %a253 = alloca i32, align 4
  %a254 = alloca i32, align 4
  %a255 = alloca i32, align 4
  %a256 = alloca i32, align 4
  %a257 = alloca i32, align 4
  %a258 = alloca i32, align 4
  %a259 = alloca i32, align 4
  %a260 = alloca i32, align 4
  %a261 = alloca i32, align 4
  %a262 = alloca i32, align 4
  %a263 = alloca i32, align 4
  %a264 = alloca i32, align 4
  %a265 = alloca i32, align 4
  %a266 = alloca i32, align 4
  %a267 = alloca i32, align 4
  %a268 = alloca i32, align 4
  %a269 = alloca i32, align 4
  %a270 = alloca i32, align 4
  %a271 = alloca i32, align 4
  %a272 = alloca i32, align 4
  %a273 = alloca i32, align 4
  %a274 = alloca i32, align 4
  %a275 = alloca i32, align 4
  %a276 = alloca i32, align 4
  %a277 = alloca i32, align 4
  %a278 = alloca i32, align 4
  %a279 = alloca i32, align 4
  %a280 = alloca i32, align 4
  %a281 = alloca i32, align 4
  %a282 = alloca i32, align 4
  %a283 = alloca i32, align 4
  %a284 = alloca i32, align 4
  %a285 = alloca i32, align 4
  %a286 = alloca i32, align 4
  %a287 = alloca i32, align 4
  %a288 = alloca i32, align 4
  %a289 = alloca i32, align 4
  %a290 = alloca i32, align 4
  %a291 = alloca i32, align 4
  %a292 = alloca i32, align 4
  %a293 = alloca i32, align 4
  %a294 = alloca i32, align 4
  %a295 = alloca i32, align 4
  %a296 = alloca i32, align 4
  %a297 = alloca i32, align 4
  %a298 = alloca i32, align 4
  %a299 = alloca i32, align 4
  store i32 %x, ptr %a0, align 4
  store i32 %x, ptr %a1, align 4
  store i32 %x, ptr %a2, align 4
  store i32 %x, ptr %a3, align 4
  store i32 %x, ptr %a4, align 4
  store i32 %x, ptr %a5, align 4
  store i32 %x, ptr %a6, align 4
  store i32 %x, ptr %a7, align 4
  store i32 %x, ptr %a8, align 4
  store i32 %x, ptr %a9, align 4
  store i32 %x, ptr %a10, align 4
  store i32 %x, ptr %a11, align 4
  store i32 %x, ptr %a12, align 4
  store i32 %x, ptr %a13, align 4
  store i32 %x, ptr %a14, align 4
  store i32 %x, ptr %a15, align 4
  store i32 %x, ptr %a16, align 4
  store i32 %x, ptr %a17, align 4
  store i32 %x, ptr %a18, align 4
  store i32 %x, ptr %a19, align 4
  store i32 %x, ptr %a20, align 4
  store i32 %x, ptr %a21, align 4
  store i32 %x, ptr %a22, align 4
  store i32 %x, ptr %a23, align 4
  store i32 %x, ptr %a24, align 4
  store i32 %x, ptr %a25, align 4
  store i32 %x, ptr %a26, align 4
  store i32 %x, ptr %a27, align 4
  store i32 %x, ptr %a28, align 4
  store i32 %x, ptr %a29, align 4
  store i32 %x, ptr %a30, align 4
  store i32 %x, ptr %a31, align 4
  store i32 %x, ptr %a32, align 4
  store i32 %x, ptr %a33, align 4
  store i32 %x, ptr %a34, align 4
  store i32 %x, ptr %a35, align 4
  store i32 %x, ptr %a36, align 4
  store i32 %x, ptr %a37, align 4
  store i32 %x, ptr %a38, align 4
  store i32 %x, ptr %a39, align 4
  store i32 %x, ptr %a40, align 4
  store i32 %x, ptr %a41, align 4
  store i32 %x, ptr %a42, align 4
  store i32 %x, ptr %a43, align 4
  store i32 %x, ptr %a44, align 4
  store i32 %x, ptr %a45, align 4
  store i32 %x, ptr %a46, align 4
  store i32 %x, ptr %a47, align 4
  store i32 %x, ptr %a48, align 4
  store i32 %x, ptr %a49, align 4
  store i32 %x, ptr %a50, align 4
  store i32 %x, ptr %a51, align 4
  store i32 %x, ptr %a52, align 4
  store i32 %x, ptr %a53, align 4
  store i32 %x, ptr %a54, align 4
  store i32 %x, ptr %a55, align 4
  store i32 %x, ptr %a56, align 4
  store i32 %x, ptr %a57, align 4
  store i32 %x, ptr %a58, align 4
  store i32 %x, ptr %a59, align 4
  store i32 %x, ptr %a60, align 4
  store i32 %x, ptr %a61, align 4
  store i32 %x, ptr %a62, align 4
  store i32 %x, ptr %a63, align 4
  store i32 %x, ptr %a64, align 4
  store i32 %x, ptr %a65, align 4
  store i32 %x, ptr %a66, align 4
  store i32 %x, ptr %a67, align 4
  store i32 %x, ptr %a68, align 4
  store i32 %x, ptr %a69, align 4
  store i32 %x, ptr %a70, align 4
  store i32 %x, ptr %a71, align 4
  store i32 %x, ptr %a72, align 4
  store i32 %x, ptr %a73, align 4
  store i32 %x, ptr %a74, align 4
  store i32 %x, ptr %a75, align 4
  store i32 %x, ptr %a76, align 4
  store i32 %x, ptr %a77, align 4
  store i32 %x, ptr %a78, align 4
  store i32 %x, ptr %a79, align 4
  store i32 %x, ptr %a80, align 4
  store i32 %x, ptr %a81, align 4
  store i32 %x, ptr %a82, align 4
  store i32 %x, ptr %a83, align 4
  store i32 %x, ptr %a84, align 4
  store i32 %x, ptr %a85, align 4
  store i32 %x, ptr %a86, align 4
  store i32 %x, ptr %a87, align 4
  store i32 %x, ptr %a88, align 4
  store i32 %x, ptr %a89, align 4
  store i32 %x, ptr %a90, align 4
  store i32 %x, ptr %a91, align 4
  store i32 %x, ptr %a92, align 4
  store i32 %x, ptr %a93, align 4
  store i32 %x, ptr %a94, align 4
  store i32 %x, ptr %a95, align 4
  store i32 %x, ptr %a96, align 4
  store i32 %x, ptr %a97, align 4
  store i32 %x, ptr %a98, align 4
  store i32 %x, ptr %a99, align 4
  store i32 %x, ptr %a100, align 4
  store i32 %x, ptr %a101, align 4
  store i32 %x, ptr %a102, align 4
  store i32 %x, ptr %a103, align 4
  store i32 %x, ptr %a104, align 4
  store i32 %x, ptr %a105, align 4
  store i32 %x, ptr %a106, align 4
  store i32 %x, ptr %a107, align 4
  store i32 %x, ptr %a108, align 4
  store i32 %x, ptr %a109, align 4
  store i32 %x, ptr %a110, align 4
  store i32 %x, ptr %a111, align 4
  store i32 %x, ptr %a112, align 4
  store i32 %x, ptr %a113, align 4
  store i32 %x, ptr %a114, align 4
  store i32 %x, ptr %a115, align 4
  store i32 %x, ptr %a116, align 4
  store i32 %x, ptr %a117, align 4
  store i32 %x, ptr %a118, align 4
  store i32 %x, ptr %a119, align 4
  store i32 %x, ptr %a120, align 4
  store i32 %x, ptr %a121, align 4
  store i32 %x, ptr %a122, align 4
  store i32 %x, ptr %a123, align 4
  store i32 %x, ptr %a124, align 4
  store i32 %x, ptr %a125, align 4
  store i32 %x, ptr %a126, align 4
  store i32 %x, ptr %a127, align 4
  store i32 %x, ptr %a128, align 4
  store i32 %x, ptr %a129, align 4
  store i32 %x, ptr %a130, align 4
  store i32 %x, ptr %a131, align 4
  store i32 %x, ptr %a132, align 4
  store i32 %x, ptr %a133, align 4
  store i32 %x, ptr %a134, align 4
  store i32 %x, ptr %a135, align 4
  store i32 %x, ptr %a136, align 4
  store i32 %x, ptr %a137, align 4
  store i32 %x, ptr %a138, align 4
  store i32 %x, ptr %a139, align 4
  store i32 %x, ptr %a140, align 4
  store i32 %x, ptr %a141, align 4
  store i32 %x, ptr %a142, align 4
  store i32 %x, ptr %a143, align 4
  store i32 %x, ptr %a144, align 4
  store i32 %x, ptr %a145, align 4
  store i32 %x, ptr %a146, align 4
  store i32 %x, ptr %a147, align 4
  store i32 %x, ptr %a148, align 4
  store i32 %x, ptr %a149, align 4
  store i32 %x, ptr %a150, align 4
  store i32 %x, ptr %a151, align 4
  store i32 %x, ptr %a152, align 4
  store i32 %x, ptr %a153, align 4
  store i32 %x, ptr %a154, align 4
  store i32 %x, ptr %a155, align 4
  store i32 %x, ptr %a156, align 4
  store i32 %x, ptr %a157, align 4
  store i32 %x, ptr %a158, align 4
  store i32 %x, ptr %a159, align 4
  store i32 %x, ptr %a160, align 4
  store i32 %x, ptr %a161, align 4
  store i32 %x, ptr %a162, align 4
  store i32 %x, ptr %a163, align 4
  store i32 %x, ptr %a164, align 4
  store i32 %x, ptr %a165, align 4
  store i32 %x, ptr %a166, align 4
  store i32 %x, ptr %a167, align 4
  store i32 %x, ptr %a168, align 4
  store i32 %x, ptr %a169, align 4
  store i32 %x, ptr %a170, align 4
  store i32 %x, ptr %a171, align 4
  store i32 %x, ptr %a172, align 4
  store i32 %x, ptr %a173, align 4
  store i32 %x, ptr %a174, align 4
  store i32 %x, ptr %a175, align 4
  store i32 %x, ptr %a176, align 4
  store i32 %x, ptr %a177, align 4
  store i32 %x, ptr %a178, align 4
  store i32 %x, ptr %a179, align 4
  store i32 %x, ptr %a180, align 4
  store i32 %x, ptr %a181, align 4
  store i32 %x, ptr %a182, align 4
  store i32 %x, ptr %a183, align 4
  store i32 %x, ptr %a184, align 4
  store i32 %x, ptr %a185, align 4
  store i32 %x, ptr %a186, align 4
  store i32 %x, ptr %a187, align 4
  store i32 %x, ptr %a188, align 4
  store i32 %x, ptr %a189, align 4
  store i32 %x, ptr %a190, align 4
  store i32 %x, ptr %a191, align 4
  store i32 %x, ptr %a192, align 4
  store i32 %x, ptr %a193, align 4
  store i32 %x, ptr %a194, align 4
  store i32 %x, ptr %a195, align 4
  store i32 %x, ptr %a196, align 4
  store i32 %x, ptr %a197, align 4
  store i32 %x, ptr %a198, align 4
  store i32 %x, ptr %a199, align 4
  store i32 %x, ptr %a200, align 4
  store i32 %x, ptr %a201, align 4
  store i32 %x, ptr %a202, align 4
  store i32 %x, ptr %a203, align 4
  store i32 %x, ptr %a204, align 4
  store i32 %x, ptr %a205, align 4
  store i32 %x, ptr %a206, align 4
  store i32 %x, ptr %a207, align 4
  store i32 %x, ptr %a208, align 4
  store i32 %x, ptr %a209, align 4
  store i32 %x, ptr %a210, align 4
  store i32 %x, ptr %a211, align 4
  store i32 %x, ptr %a212, align 4
  store i32 %x, ptr %a213, align 4
  store i32 %x, ptr %a214, align 4
  store i32 %x, ptr %a215, align 4
  store i32 %x, ptr %a216, align 4
  store i32 %x, ptr %a217, align 4
  store i32 %x, ptr %a218, align 4
  store i32 %x, ptr %a219, align 4
  store i32 %x, ptr %a220, align 4
  store i32 %x, ptr %a221, align 4
  store i32 %x, ptr %a222, align 4
  store i32 %x, ptr %a223, align 4
  store i32 %x, ptr %a224, align 4
  store i32 %x, ptr %a225, align 4
  store i32 %x, ptr %a226, align 4
  store i32 %x, ptr %a227, align 4
  store i32 %x, ptr %a228, align 4
  store i32 %x, ptr %a229, align 4
  store i32 %x, ptr %a230, align 4
  store i32 %x, ptr %a231, align 4
  store i32 %x, ptr %a232, align 4
  store i32 %x, ptr %a233, align 4
  store i32 %x, ptr %a234, align 4
  store i32 %x, ptr %a235, align 4
  store i32 %x, ptr %a236, align 4
  store i32 %x, ptr %a237, align 4
  store i32 %x, ptr %a238, align 4
  store i32 %x, ptr %a239, align 4
  store i32 %x, ptr %a240, align 4
  store i32 %x, ptr %a241, align 4
  store i32 %x, ptr %a242, align 4
  store i32 %x, ptr %a243, align 4
  store i32 %x, ptr %a244, align 4
  store i32 %x, ptr %a245, align 4
  store i32 %x, ptr %a246, align 4
  store i32 %x, ptr %a247, align 4
  store i32 %x, ptr %a248, align 4
  store i32 %x, ptr %a249, align 4
  store i32 %x, ptr %a250, align 4
  store i32 %x, ptr %a251, align 4
  store i32 %x, ptr %a252, align 4
  store i32 %x, ptr %a253, align 4
  store i32 %x, ptr %a254, align 4
  store i32 %x, ptr %a255, align 4
  store i32 %x, ptr %a256, align 4
  store i32 %x, ptr %a257, align 4
  store i32 %x, ptr %a258, align 4
  store i32 %x, ptr %a259, align 4
  store i32 %x, ptr %a260, align 4
  store i32 %x, ptr %a261, align 4
  store i32 %x, ptr %a262, align 4
  store i32 %x, ptr %a263, align 4
  store i32 %x, ptr %a264, align 4
  store i32 %x, ptr %a265, align 4
  store i32 %x, ptr %a266, align 4
  store i32 %x, ptr %a267, align 4
  store i32 %x, ptr %a268, align 4
  store i32 %x, ptr %a269, align 4
  store i32 %x, ptr %a270, align 4
  store i32 %x, ptr %a271, align 4
  store i32 %x, ptr %a272, align 4
  store i32 %x, ptr %a273, align 4
  store i32 %x, ptr %a274, align 4
  store i32 %x, ptr %a275, align 4
  store i32 %x, ptr %a276, align 4
  store i32 %x, ptr %a277, align 4
  store i32 %x, ptr %a278, align 4
  store i32 %x, ptr %a279, align 4
  store i32 %x, ptr %a280, align 4
  store i32 %x, ptr %a281, align 4
  store i32 %x, ptr %a282, align 4
  store i32 %x, ptr %a283, align 4
  store i32 %x, ptr %a284, align 4
  store i32 %x, ptr %a285, align 4
  store i32 %x, ptr %a286, align 4
  store i32 %x, ptr %a287, align 4
  store i32 %x, ptr %a288, align 4
  store i32 %x, ptr %a289, align 4
  store i32 %x, ptr %a290, align 4
  store i32 %x, ptr %a291, align 4
  store i32 %x, ptr %a292, align 4
  store i32 %x, ptr %a293, align 4
  store i32 %x, ptr %a294, align 4
  store i32 %x, ptr %a295, align 4
  store i32 %x, ptr %a296, align 4
  store i32 %x, ptr %a297, align 4
  store i32 %x, ptr %a298, align 4
  store i32 %x, ptr %a299, align 4
  %w0 = add i32 %x, 1
  %w1 = add i32 %w0, 2
  %w2 = add i32 %w1, 3
  %w3 = add i32 %w2, 4
  %w4 = add i32 %w3, 5
  %w5 = add i32 %w4, 6
  %w6 = add i32 %w5, 7
  %w7 = add i32 %w6, 8
  %w8 = add i32 %w7, 9
  %w9 = add i32 %w8, 10
  %w10 = add i32 %w9, 11
  %w11 = add i32 %w10, 12
  %w12 = add i32 %w11, 13
  %w13 = add i32 %w12, 14
  %w14 = add i32 %w13, 15
  %w15 = add i32 %w14, 16
  %w16 = add i32 %w15, 17
  %w17 = add i32 %w16, 18
  %w18 = add i32 %w17, 19
  %w19 = add i32 %w18, 20
  %w20 = add i32 %w19, 21
  %w21 = add i32 %w20, 22
  %w22 = add i32 %w21, 23
  %w23 = add i32 %w22, 24
  %w24 = add i32 %w23, 25
  %w25 = add i32 %w24, 26
  %w26 = add i32 %w25, 27
  %w27 = add i32 %w26, 28
  %w28 = add i32 %w27, 29
  %w29 = add i32 %w28, 30
  %w30 = add i32 %w29, 31
  %w31 = add i32 %w30, 32
  %w32 = add i32 %w31, 33
  %w33 = add i32 %w32, 34
  %w34 = add i32 %w33, 35
  %w35 = add i32 %w34, 36
  %w36 = add i32 %w35, 37
  %w37 = add i32 %w36, 38
  %w38 = add i32 %w37, 39
  %w39 = add i32 %w38, 40
  %w40 = add i32 %w39, 41
  %w41 = add i32 %w40, 42
  %w42 = add i32 %w41, 43
  %w43 = add i32 %w42, 44
  %w44 = add i32 %w43, 45
  %w45 = add i32 %w44, 46
  %w46 = add i32 %w45, 47
  %w47 = add i32 %w46, 48
  %w48 = add i32 %w47, 49
  %w49 = add i32 %w48, 50
  %w50 = add i32 %w49, 51
  %w51 = add i32 %w50, 52
  %w52 = add i32 %w51, 53
  %w53 = add i32 %w52, 54
  %w54 = add i32 %w53, 55
  %w55 = add i32 %w54, 56
  %w56 = add i32 %w55, 57
  %w57 = add i32 %w56, 58
  %w58 = add i32 %w57, 59
  %w59 = add i32 %w58, 60
  %w60 = add i32 %w59, 61
  %w61 = add i32 %w60, 62
  %w62 = add i32 %w61, 63
  %w63 = add i32 %w62, 64
  %w64 = add i32 %w63, 65
  %w65 = add i32 %w64, 66
  %w66 = add i32 %w65, 67
  %w67 = add i32 %w66, 68
  %w68 = add i32 %w67, 69
  %w69 = add i32 %w68, 70
  %w70 = add i32 %w69, 71
  %w71 = add i32 %w70, 72
  %w72 = add i32 %w71, 73
  %w73 = add i32 %w72, 74
  %w74 = add i32 %w73, 75
  %w75 = add i32 %w74, 76
  %w76 = add i32 %w75, 77
  %w77 = add i32 %w76, 78
  %w78 = add i32 %w77, 79
  %w79 = add i32 %w78, 80
  %w80 = add i32 %w79, 81
  %w81 = add i32 %w80, 82
  %w82 = add i32 %w81, 83
  %w83 = add i32 %w82, 84
  %w84 = add i32 %w83, 85
  %w85 = add i32 %w84, 86
  %w86 = add i32 %w85, 87
  %w87 = add i32 %w86, 88
  %w88 = add i32 %w87, 89
  %w89 = add i32 %w88, 90
  %w90 = add i32 %w89, 91
  %w91 = add i32 %w90, 92
  %w92 = add i32 %w91, 93
  %w93 = add i32 %w92, 94
  %w94 = add i32 %w93, 95
  %w95 = add i32 %w94, 96
  %w96 = add i32 %w95, 97
  %w97 = add i32 %w96, 98
  %w98 = add i32 %w97, 99
  %w99 = add i32 %w98, 100
  %w100 = add i32 %w99, 101
  %w101 = add i32 %w100, 102
  %w102 = add i32 %w101, 103
  %w103 = add i32 %w102, 104
  %w104 = add i32 %w103, 105
  %w105 = add i32 %w104, 106
  %w106 = add i32 %w105, 107
  %w107 = add i32 %w106, 108
  %w108 = add i32 %w107, 109
  %w109 = add i32 %w108, 110
  %w110 = add i32 %w109, 111
  %w111 = add i32 %w110, 112
  %w112 = add i32 %w111, 113
  %w113 = add i32 %w112, 114
  %w114 = add i32 %w113, 115
  %w115 = add i32 %w114, 116
  %w116 = add i32 %w115, 117
  %w117 = add i32 %w116, 118
  %w118 = add i32 %w117, 119
  %w119 = add i32 %w118, 120
  %w120 = add i32 %w119, 121
  %w121 = add i32 %w120, 122
  %w122 = add i32 %w121, 123
  %w123 = add i32 %w122, 124
  %w124 = add i32 %w123, 125
  %w125 = add i32 %w124, 126
  %w126 = add i32 %w125, 127
  %w127 = add i32 %w126, 128
  %w128 = add i32 %w127, 129
  %w129 = add i32 %w128, 130
  %w130 = add i32 %w129, 131
  %w131 = add i32 %w130, 132
  %w132 = add i32 %w131, 133
  %w133 = add i32 %w132, 134
  %w134 = add i32 %w133, 135
  %w135 = add i32 %w134, 136
  %w136 = add i32 %w135, 137
  %w137 = add i32 %w136, 138
  %w138 = add i32 %w137, 139
  %w139 = add i32 %w138, 140
  %w140 = add i32 %w139, 141
  %w141 = add i32 %w140, 142
  %w142 = add i32 %w141, 143
  %w143 = add i32 %w142, 144
  %w144 = add i32 %w143, 145
  %w145 = add i32 %w144, 146
  %w146 = add i32 %w145, 147
  %w147 = add i32 %w146, 148
  %w148 = add i32 %w147, 149
  %w149 = add i32 %w148, 150
  %w150 = add i32 %w149, 151
  %w151 = add i32 %w150, 152
  %w152 = add i32 %w151, 153
  %w153 = add i32 %w152, 154
  %w154 = add i32 %w153, 155
  %w155 = add i32 %w154, 156
  %w156 = add i32 %w155, 157
  %w157 = add i32 %w156, 158
  %w158 = add i32 %w157, 159
  %w159 = add i32 %w158, 160
  %w160 = add i32 %w159, 161
  %w161 = add i32 %w160, 162
  %w162 = add i32 %w161, 163
  %w163 = add i32 %w162, 164
  %w164 = add i32 %w163, 165
  %w165 = add i32 %w164, 166
  %w166 = add i32 %w165, 167
  %w167 = add i32 %w166, 168
  %w168 = add i32 %w167, 169
  %w169 = add i32 %w168, 170
  %w170 = add i32 %w169, 171
  %w171 = add i32 %w170, 172
  %w172 = add i32 %w171, 173
  %w173 = add i32 %w172, 174
  %w174 = add i32 %w173, 175
  %w175 = add i32 %w174, 176
  %w176 = add i32 %w175, 177
  %w177 = add i32 %w176, 178
  %w178 = add i32 %w177, 179
  %w179 = add i32 %w178, 180
  %w180 = add i32 %w179, 181
  %w181 = add i32 %w180, 182
  %w182 = add i32 %w181, 183
  %w183 = add i32 %w182, 184
  %w184 = add i32 %w183, 185
  %w185 = add i32 %w184, 186
  %w186 = add i32 %w185, 187
  %w187 = add i32 %w186, 188
  %w188 = add i32 %w187, 189
  %w189 = add i32 %w188, 190
  %w190 = add i32 %w189, 191
  %w191 = add i32 %w190, 192
  %w192 = add i32 %w191, 193
  %w193 = add i32 %w192, 194
  %w194 = add i32 %w193, 195
  %w195 = add i32 %w194, 196
  %w196 = add i32 %w195, 197
  %w197 = add i32 %w196, 198
  %w198 = add i32 %w197, 199
  %w199 = add i32 %w198, 200
  %w200 = add i32 %w199, 201
  %w201 = add i32 %w200, 202
  %w202 = add i32 %w201, 203
  %w203 = add i32 %w202, 204
  %w204 = add i32 %w203, 205
  %w205 = add i32 %w204, 206
  %w206 = add i32 %w205, 207
  %w207 = add i32 %w206, 208
  %w208 = add i32 %w207, 209
  %w209 = add i32 %w208, 210
  %w210 = add i32 %w209, 211
  %w211 = add i32 %w210, 212
  %w212 = add i32 %w211, 213
  %w213 = add i32 %w212, 214
  %w214 = add i32 %w213, 215
  %w215 = add i32 %w214, 216
  %w216 = add i32 %w215, 217
  %w217 = add i32 %w216, 218
  %w218 = add i32 %w217, 219
  %w219 = add i32 %w218, 220
  %w220 = add i32 %w219, 221
  %w221 = add i32 %w220, 222
  %w222 = add i32 %w221, 223
  %w223 = add i32 %w222, 224
  %w224 = add i32 %w223, 225
  %w225 = add i32 %w224, 226
  %w226 = add i32 %w225, 227
  %w227 = add i32 %w226, 228
  %w228 = add i32 %w227, 229
  %w229 = add i32 %w228, 230
  %w230 = add i32 %w229, 231
  %w231 = add i32 %w230, 232
  %w232 = add i32 %w231, 233
  %w233 = add i32 %w232, 234
  %w234 = add i32 %w233, 235
  %w235 = add i32 %w234, 236
  %w236 = add i32 %w235, 237
  %w237 = add i32 %w236, 238
  %w238 = add i32 %w237, 239
  %w239 = add i32 %w238, 240
  %w240 = add i32 %w239, 241
  %w241 = add i32 %w240, 242
  %w242 = add i32 %w241, 243
  %w243 = add i32 %w242, 244
  %w244 = add i32 %w243, 245
  %w245 = add i32 %w244, 246
  %w246 = add i32 %w245, 247
  %w247 = add i32 %w246, 248
  %w248 = add i32 %w247, 249
  %w249 = add i32 %w248, 250
  %w250 = add i32 %w249, 251
  %w251 = add i32 %w250, 252
  %w252 = add i32 %w251, 253
  %w253 = add i32 %w252, 254
  %w254 = add i32 %w253, 255
  %w255 = add i32 %w254, 256
  %w256 = add i32 %w255, 257
  %w257 = add i32 %w256, 258
  %w258 = add i32 %w257, 259
  %w259 = add i32 %w258, 260
  %w260 = add i32 %w259, 261
  %w261 = add i32 %w260, 262
  %w262 = add i32 %w261, 263
  %w263 = add i32 %w262, 264
  %w264 = add i32 %w263, 265
  %w265 = add i32 %w264, 266
  %w266 = add i32 %w265, 267
  %w267 = add i32 %w266, 268
  %w268 = add i32 %w267, 269
  %w269 = add i32 %w268, 270
  %w270 = add i32 %w269, 271
  %w271 = add i32 %w270, 272
  %w272 = add i32 %w271, 273
  %w273 = add i32 %w272, 274
  %w274 = add i32 %w273, 275
  %w275 = add i32 %w274, 276
  %w276 = add i32 %w275, 277
  %w277 = add i32 %w276, 278
  %w278 = add i32 %w277, 279
  %w279 = add i32 %w278, 280
  %w280 = add i32 %w279, 281
  %w281 = add i32 %w280, 282
  %w282 = add i32 %w281, 283
  %w283 = add i32 %w282, 284
  %w284 = add i32 %w283, 285
  %w285 = add i32 %w284, 286
  %w286 = add i32 %w285, 287
  %w287 = add i32 %w286, 288
  %w288 = add i32 %w287, 289
  %w289 = add i32 %w288, 290
  %w290 = add i32 %w289, 291
  %w291 = add i32 %w290, 292
  %w292 = add i32 %w291, 293
  %w293 = add i32 %w292, 294
  %w294 = add i32 %w293, 295
  %w295 = add i32 %w294, 296
  %w296 = add i32 %w295, 297
  %w297 = add i32 %w296, 298
  %w298 = add i32 %w297, 299
  %w299 = add i32 %w298, 300
  %r = load i32, ptr %a7, align 4
  %s = add i32 %r, %w299
  ret i32 %s
}
